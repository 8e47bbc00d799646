import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ActivityEntrySchema, ApiErrorSchema, apiPaths } from '@larder/contract';
import { signedInCustomer, type Session } from '../../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import type { Viewer } from '../../http/viewer.ts';
import { createActivityRepo } from './activity.repo.ts';
import { createActivityService } from './activity.service.ts';

let t: TestApp;
let owner: Session;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  owner = await signedInCustomer(t.app, t.database.db, { name: 'owner', role: 'administrator' });
  const activity = createActivityService(createActivityRepo(t.database.db));
  const viewer: Viewer = {
    isGuest: false,
    customerId: owner.id,
    role: 'administrator',
    canSeeWholesale: false,
    isOwner: true,
  };
  for (const [subjectType, subjectId] of [
    ['order', 7],
    ['order', 8],
    ['order', 7],
    ['review', 7],
  ] as const) {
    await activity.record(viewer, {
      action: `${subjectType}.test`,
      subjectType,
      subjectId,
      summary: `${subjectType} #${subjectId} touched`,
    });
  }
});
afterAll(() => t.close());

const list = (query: string, headers: Record<string, string> = owner.bearer) =>
  t.app.inject({ url: `${apiPaths.activityLog}?${query}`, headers });

describe('GET /activity-log', () => {
  it('lists entries newest first with the actor, filtered by subject, with pagination headers', async () => {
    const all = await list('');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-wp-total']).toBe('4');
    expect(all.headers['cache-control']).toBe('private, no-store');
    const entries = z.array(ActivityEntrySchema).parse(all.json());
    expect(entries[0]).toMatchObject({
      actor_id: owner.id,
      actor_name: 'Robin Oats',
      subject_type: 'review',
      summary: 'review #7 touched',
    });

    const orderSeven = await list('subject_type=order&subject_id=7');
    expect(orderSeven.json()).toHaveLength(2);
    expect(orderSeven.json<{ subject_id: number }[]>().every((e) => e.subject_id === 7)).toBe(true);

    const page = await list('subject_type=order&per_page=2&page=2');
    expect(page.headers['x-wp-totalpages']).toBe('2');
    expect(page.json()).toMatchObject([{ subject_id: 7, summary: 'order #7 touched' }]);
  });

  it('refuses a bad filter with 400, and anyone but an owner with 401/403', async () => {
    const bad = await list('subject_id=zero');
    expect(bad.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(bad.json()).data.params).toHaveProperty('subject_id');
    expect((await list('subject_id=zero', {})).statusCode).toBe(401);
    const customer = await signedInCustomer(t.app, t.database.db);
    const refused = await list('', customer.bearer);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('touched');
  });
});
