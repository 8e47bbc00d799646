import type { ActivityEntry } from '@larder/contract';
import { Link } from 'react-router';
import { AdminPageHeader } from '../admin-shell.tsx';
import { formatDateTime } from '../format.tsx';
import { Pagination } from '../list-parts.tsx';
import type { ListPage } from '../../../lib/api/back-office-api.ts';

/** The back-office page of a log entry's subject, where there is one. */
function subjectHref(entry: ActivityEntry): string | null {
  if (entry.subject_type === 'wholesale_application') return `/admin/wholesale/${entry.subject_id}`;
  return null;
}

/** Every owner write, newest first: who did what, and when. */
export function ActivityScreen({
  items,
  total,
  totalPages,
  page,
}: ListPage<ActivityEntry> & { page: number }) {
  return (
    <>
      <AdminPageHeader
        title="Activity"
        description="Every change made in the back office or with the shop's command line."
      />
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--cards" data-testid="admin-activity">
          <caption>Activity, newest first ({total})</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Record</th>
            </tr>
          </thead>
          <tbody>
            {items.length === 0 ? (
              <tr>
                <td colSpan={4} className="admin-empty">
                  Nothing has been changed yet.
                </td>
              </tr>
            ) : (
              items.map((entry) => {
                const href = subjectHref(entry);
                const subject = `${entry.subject_type.replaceAll('_', ' ')} #${entry.subject_id}`;
                return (
                  <tr key={entry.id} data-testid={`activity-${entry.id}`}>
                    <td data-label="When">{formatDateTime(entry.date_created_gmt)}</td>
                    <td data-label="Who">{entry.actor_name}</td>
                    <td data-label="What">
                      {entry.summary}
                      <div className="admin-muted">{entry.action}</div>
                    </td>
                    <td data-label="Record">{href ? <Link to={href}>{subject}</Link> : subject}</td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      <Pagination page={page} totalPages={totalPages} total={total} />
    </>
  );
}
