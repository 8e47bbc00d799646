import type { ActivityEntry } from '@larder/contract';
import { Link } from 'react-router';
import { AdminPageHeader } from '../admin-shell.tsx';
import { formatDateTime } from '../format.tsx';
import { AdminTable, Pagination } from '../list-parts.tsx';
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
      <AdminTable
        testId="admin-activity"
        caption={`Activity, newest first (${total})`}
        columns={['When', 'Who', 'What', 'Record']}
        empty="Nothing has been changed yet."
        rows={items.map((entry) => {
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
        })}
      />
      <Pagination page={page} totalPages={totalPages} total={total} />
    </>
  );
}
