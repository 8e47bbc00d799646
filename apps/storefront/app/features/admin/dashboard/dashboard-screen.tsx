import { formatCents } from '@larder/contract/money';
import { Link } from 'react-router';
import { AdminPageHeader } from '../admin-shell.tsx';
import type { DaySales, PeriodFigures } from './sales-figures.ts';
import type { LowStockItem } from './dashboard.server.ts';
import { RevenueChart } from './revenue-chart.tsx';

interface DashboardProps {
  days: DaySales[] | null;
  periods: PeriodFigures[] | null;
  counts: {
    toFulfil: number | null;
    applications: number | null;
    heldReviews: number | null;
    messages: number | null;
  };
  lowStock: LowStockItem[] | null;
  lowStockThreshold: number;
  /** E-mails the shop gave up sending (decision 0058); null when the count could not be read. */
  failedEmails: number | null;
}

const UNAVAILABLE = 'Could not be read just now.';

function QueueTile({
  label,
  count,
  to,
  testId,
}: {
  label: string;
  count: number | null;
  to: string | null;
  testId: string;
}) {
  const body = (
    <>
      <span className="admin-stat__label">{label}</span>
      <span className="admin-stat__value" data-testid={testId}>
        {count ?? '—'}
      </span>
      {count === null ? <span className="admin-stat__note">{UNAVAILABLE}</span> : null}
    </>
  );
  const className = `admin-stat${count ? ' admin-stat--attention' : ''}`;
  return (
    <li>
      {to ? (
        <Link to={to} className={className}>
          {body}
        </Link>
      ) : (
        <div className={className}>{body}</div>
      )}
    </li>
  );
}

/** Said first on the dashboard: a buyer may be waiting for a confirmation that never came. */
function FailedEmailsNotice({ count }: { count: number }) {
  return (
    <section
      aria-labelledby="failed-emails-title"
      className="form-banner form-banner--error admin-notice admin-alert"
      data-testid="failed-emails-notice"
    >
      <h2 id="failed-emails-title" className="admin-alert__title">
        {count === 1 ? '1 e-mail could not be sent' : `${count} e-mails could not be sent`}
      </h2>
      <p className="admin-alert__text">
        The mail server refused {count === 1 ? 'it' : 'them'} for six hours. Once the problem is
        fixed, send {count === 1 ? 'it' : 'them'} again.{' '}
        <Link to="/admin/emails?status=failed">Review failed e-mails</Link>
      </p>
    </section>
  );
}

/** The owner's morning view: takings, what waits for them, and stock running low. */
export function DashboardScreen({
  days,
  periods,
  counts,
  lowStock,
  lowStockThreshold,
  failedEmails,
}: DashboardProps) {
  return (
    <>
      <AdminPageHeader title="Dashboard" description="Takings and what is waiting for you." />
      {failedEmails ? <FailedEmailsNotice count={failedEmails} /> : null}
      <section aria-labelledby="sales-title" className="admin-section">
        <h2 id="sales-title" className="visually-hidden">
          Sales
        </h2>
        {periods ? (
          <ul className="admin-stats" data-testid="sales-figures">
            {periods.map((period) => (
              <li key={period.label} className="admin-stat">
                <span className="admin-stat__label">{period.label}</span>
                <span className="admin-stat__value">{formatCents(period.revenueCents)}</span>
                <span className="admin-stat__note">
                  {period.orders} {period.orders === 1 ? 'order' : 'orders'}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="admin-card">Sales figures: {UNAVAILABLE}</p>
        )}
      </section>
      <div className="admin-grid-2 admin-section">
        <section aria-labelledby="revenue-title" className="admin-card">
          <h2 id="revenue-title" className="admin-card__title">
            Daily revenue
          </h2>
          {days ? <RevenueChart days={days} /> : <p>{UNAVAILABLE}</p>}
        </section>
        <section aria-labelledby="queue-title" className="admin-card">
          <h2 id="queue-title" className="admin-card__title">
            Waiting for you
          </h2>
          <ul className="admin-stats admin-stats--stacked">
            <QueueTile
              label="Orders to fulfill"
              count={counts.toFulfil}
              to="/admin/orders?status=processing"
              testId="count-to-fulfil"
            />
            <QueueTile
              label="Wholesale applications"
              count={counts.applications}
              to="/admin/wholesale?status=pending"
              testId="count-applications"
            />
            <QueueTile
              label="Held reviews"
              count={counts.heldReviews}
              to="/admin/reviews?status=hold"
              testId="count-held-reviews"
            />
            <QueueTile
              label="Unhandled messages"
              count={counts.messages}
              to="/admin/messages?status=unhandled"
              testId="count-messages"
            />
          </ul>
        </section>
      </div>
      <section aria-labelledby="stock-title" className="admin-card admin-section">
        <h2 id="stock-title" className="admin-card__title">
          Low stock
        </h2>
        {lowStock === null ? (
          <p>{UNAVAILABLE}</p>
        ) : lowStock.length === 0 ? (
          <p className="admin-muted">Nothing is at or below {lowStockThreshold} units.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table" data-testid="low-stock">
              <caption>
                {lowStock.length} {lowStock.length === 1 ? 'item' : 'items'} at or below{' '}
                {lowStockThreshold} units
              </caption>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col" className="admin-table__number">
                    In stock
                  </th>
                </tr>
              </thead>
              <tbody>
                {lowStock.map((item) => (
                  <tr key={item.key}>
                    <td>
                      <a href={item.href}>{item.name}</a>
                    </td>
                    <td className="admin-table__number">{item.quantity}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
