import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_ID } from '@larder/contract';
import { runBatch } from './batch.ts';

describe('runBatch', () => {
  it('answers an id past the largest a row can have as that item’s 400, without asking the database', async () => {
    const removed: number[] = [];
    const answer = await runBatch(
      { create: [], update: [{ id: MAX_ID + 1, name: 'x' }], delete: [MAX_ID + 1, 7] },
      {
        createSchema: z.object({}),
        updateSchema: z.object({ name: z.string() }),
        create: async () => ({ id: 1 }),
        update: async (id) => ({ id }),
        remove: async (id) => {
          removed.push(id);
          return { id };
        },
      },
    );
    expect(removed).toEqual([7]);
    expect(answer.update).toEqual([
      { id: 0, error: expect.objectContaining({ code: 'rest_invalid_param' }) },
    ]);
    expect(answer.delete).toEqual([
      { id: 0, error: expect.objectContaining({ code: 'rest_invalid_param' }) },
      { id: 7 },
    ]);
  });
});
