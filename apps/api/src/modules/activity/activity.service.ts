import type { ActivityEntry, ActivityListQuery } from '@larder/contract';
import type { Database } from '../../db/client.ts';
import { formatWpDate } from '../../http/format.ts';
import { pageOffset } from '../../http/pagination.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { ActivityRepo, ActivityRow } from './activity.repo.ts';

export interface ActivityRecord {
  /** A dotted verb: `order.fulfilled`, `review.status`, `wholesale.approved`, `customer.role`… */
  action: string;
  subjectType: string;
  subjectId: number;
  /** One line a person reads in the log, e.g. "Order #12 marked fulfilled (UPS 1Z…)". */
  summary: string;
}

const toEntry = (row: ActivityRow): ActivityEntry => ({
  id: row.id,
  actor_id: row.actorId,
  actor_name: row.actorName,
  action: row.action,
  subject_type: row.subjectType,
  subject_id: row.subjectId,
  summary: row.summary,
  date_created_gmt: formatWpDate(row.createdAt),
});

/** The back office's activity log: every owner action is recorded through `record`. */
export function createActivityService(repo: ActivityRepo) {
  return {
    /** Records what `owner` did; pass the action's transaction so both land or neither does. */
    async record(owner: Viewer, entry: ActivityRecord, tx?: Database): Promise<void> {
      await repo.insert({ actorId: owner.customerId, ...entry }, tx);
    },

    async list(query: ActivityListQuery) {
      const { rows, total } = await repo.list({
        subjectType: query.subject_type,
        subjectId: query.subject_id,
        limit: query.per_page,
        offset: pageOffset({ page: query.page, perPage: query.per_page }),
      });
      return { entries: rows.map(toEntry), total };
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
