import type { QueuedEmail } from '@larder/contract';
import { Link } from 'react-router';
import { ActionNotice } from '../action-notice.tsx';
import type { ActionResult } from '../action-result.ts';
import { AdminPageHeader } from '../admin-shell.tsx';
import { formatDateTime, StatusBadge } from '../format.tsx';
import { ActionButton, AdminTable, Pagination, StatusTabs } from '../list-parts.tsx';
import type { ListPage } from '../../../lib/api/back-office-api.ts';
import {
  aboutHref,
  EMAIL_STATUS_LABELS,
  EMAIL_TABS,
  recipientOf,
  type EmailTab,
} from './email-labels.ts';

const EMPTY: Record<EmailTab, string> = {
  failed: 'No failed e-mails: everything the shop queued has gone or is still being tried.',
  pending: 'Nothing is waiting to be sent.',
  sent: 'No e-mails sent in the last 30 days.',
  all: 'The shop has not queued any e-mails yet.',
};

function EmailRow({ email }: { email: QueuedEmail }) {
  const href = aboutHref(email.about);
  return (
    <tr data-testid={`email-${email.id}`}>
      <td data-label="E-mail">
        <span className="admin-email__subject">{email.subject}</span>
        <div className="admin-muted">To {recipientOf(email)}</div>
        <div className="admin-muted">
          About {href ? <Link to={href}>{email.about}</Link> : email.about}
          {email.attachments.length > 0
            ? ` · with ${email.attachments.map((file) => file.filename).join(', ')}`
            : null}
        </div>
      </td>
      <td data-label="Status">
        <StatusBadge status={email.status} label={EMAIL_STATUS_LABELS[email.status]} />
        <div className="admin-muted admin-email__attempts">
          {email.attempts} {email.attempts === 1 ? 'attempt' : 'attempts'}
        </div>
        {email.status === 'pending' && email.next_attempt_gmt ? (
          <div className="admin-muted">Next try {formatDateTime(email.next_attempt_gmt)}</div>
        ) : null}
        {email.date_sent_gmt ? (
          <div className="admin-muted">Sent {formatDateTime(email.date_sent_gmt)}</div>
        ) : null}
      </td>
      <td data-label="Last error">
        {email.last_error ? (
          <p className="admin-table__quote admin-email__error">{email.last_error}</p>
        ) : (
          <span className="admin-muted">None</span>
        )}
      </td>
      <td data-label="Queued">{formatDateTime(email.date_created_gmt)}</td>
      <td data-label="Actions">
        {email.status === 'sent' ? (
          <span className="admin-muted">Nothing to do</span>
        ) : (
          <ActionButton
            intent="resend"
            id={email.id}
            label="Resend"
            labelSuffix={` “${email.subject}” to ${email.recipient.email}`}
          />
        )}
      </td>
    </tr>
  );
}

/** The e-mails the shop queued (decision 0058): those it could not send first, to send again. */
export function EmailsScreen({
  status,
  page,
  emails,
  result,
}: {
  status: EmailTab;
  page: number;
  emails: ListPage<QueuedEmail>;
  result: ActionResult | undefined;
}) {
  const tab = EMAIL_TABS.find((entry) => entry.value === status) ?? EMAIL_TABS[0];
  return (
    <>
      <AdminPageHeader
        title="E-mails"
        description="Order confirmations and notices the shop sends. One the mail server keeps refusing is tried again for six hours, then marked failed: resend it once the problem is fixed."
      />
      <ActionNotice result={result} />
      <StatusTabs label="E-mail status" current={status} options={EMAIL_TABS} />
      <AdminTable
        testId="admin-emails"
        caption={`${tab.value === 'all' ? 'All e-mails' : `${tab.label} e-mails`}, newest first (${emails.total})`}
        columns={['E-mail', 'Status', 'Last error', 'Queued', 'Actions']}
        empty={EMPTY[tab.value]}
        rows={emails.items.map((email) => (
          <EmailRow key={email.id} email={email} />
        ))}
      />
      <Pagination page={page} totalPages={emails.totalPages} total={emails.total} />
    </>
  );
}
