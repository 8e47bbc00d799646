import { apiPaths, type ContactMessage, type NewsletterSubscriber } from '@larder/contract';
import { ActionNotice } from '../action-notice.tsx';
import type { ActionResult } from '../action-result.ts';
import { AdminPageHeader } from '../admin-shell.tsx';
import { formatDateTime, StatusBadge } from '../format.tsx';
import { ActionButton, AdminTable, Pagination, StatusTabs } from '../list-parts.tsx';
import type { ListPage } from '../../../lib/api/back-office-api.ts';
import { MESSAGE_LISTS, MESSAGE_TABS, replyHref } from './message-labels.ts';

interface MessagesScreenProps {
  list: string;
  status: string;
  page: number;
  shopName: string;
  messages: ListPage<ContactMessage> | null;
  subscribers: ListPage<NewsletterSubscriber> | null;
  result: ActionResult | undefined;
}

function ContactMessages({
  messages,
  status,
  page,
  shopName,
}: {
  messages: ListPage<ContactMessage>;
  status: string;
  page: number;
  shopName: string;
}) {
  const tab = MESSAGE_TABS.find((entry) => entry.value === status) ?? MESSAGE_TABS[0];
  return (
    <>
      <StatusTabs label="Message status" current={status} options={MESSAGE_TABS} />
      <AdminTable
        testId="admin-messages"
        caption={`${tab.value === 'all' ? 'All messages' : `${tab.label} messages`} (${messages.total})`}
        columns={['From', 'Message', 'Received', 'Actions']}
        empty={`No ${tab.value === 'all' ? '' : `${tab.label.toLowerCase()} `}messages.`}
        rows={messages.items.map((message) => {
          const from = `${message.first_name} ${message.last_name}`.trim();
          return (
            <tr key={message.id} data-testid={`message-${message.id}`}>
              <td data-label="From">
                {from || message.email}
                <div className="admin-muted">{message.email}</div>
                {message.phone ? <div className="admin-muted">{message.phone}</div> : null}
              </td>
              <td data-label="Message">
                <p className="admin-table__quote">{message.message}</p>
              </td>
              <td data-label="Received">
                {formatDateTime(message.date_created_gmt)}
                <div>
                  <StatusBadge
                    status={message.handled ? 'handled' : 'unhandled'}
                    label={message.handled ? 'Handled' : 'Unhandled'}
                  />
                </div>
              </td>
              <td data-label="Actions">
                <div className="admin-actions">
                  <a className="button button--secondary" href={replyHref(message.email, shopName)}>
                    Reply<span className="visually-hidden"> to {from || message.email}</span>
                  </a>
                  <ActionButton
                    intent="mark"
                    id={message.id}
                    label={message.handled ? 'Mark unhandled' : 'Mark handled'}
                    extra={{ handled: message.handled ? 'false' : 'true' }}
                  />
                </div>
              </td>
            </tr>
          );
        })}
      />
      <Pagination page={page} totalPages={messages.totalPages} total={messages.total} />
    </>
  );
}

function NewsletterSubscribers({
  subscribers,
  page,
}: {
  subscribers: ListPage<NewsletterSubscriber>;
  page: number;
}) {
  return (
    <>
      <p className="admin-actions">
        {/* The API sends the file to the owner's session cookie; the browser saves it. */}
        <a className="button button--secondary" href={apiPaths.newsletterExport} download>
          Export CSV
        </a>
      </p>
      <AdminTable
        testId="admin-subscribers"
        caption={`Newsletter sign-ups (${subscribers.total})`}
        columns={['Email', 'Signed up']}
        empty="No sign-ups yet."
        rows={subscribers.items.map((subscriber) => (
          <tr key={subscriber.id} data-testid={`subscriber-${subscriber.id}`}>
            <td data-label="Email">{subscriber.email}</td>
            <td data-label="Signed up">{formatDateTime(subscriber.date_created_gmt)}</td>
          </tr>
        ))}
      />
      <Pagination page={page} totalPages={subscribers.totalPages} total={subscribers.total} />
    </>
  );
}

/** What shoppers sent: contact messages to answer, and the newsletter's sign-ups. */
export function MessagesScreen({
  list,
  status,
  page,
  shopName,
  messages,
  subscribers,
  result,
}: MessagesScreenProps) {
  return (
    <>
      <AdminPageHeader
        title="Messages"
        description="Reply from your own mail program, then mark the message handled."
      />
      <ActionNotice result={result} />
      <StatusTabs
        label="Messages or sign-ups"
        param="list"
        current={list}
        options={MESSAGE_LISTS}
      />
      {messages ? (
        <ContactMessages messages={messages} status={status} page={page} shopName={shopName} />
      ) : null}
      {subscribers ? <NewsletterSubscribers subscribers={subscribers} page={page} /> : null}
    </>
  );
}
