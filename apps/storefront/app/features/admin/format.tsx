// Server and browser must print the same text: one time zone (UTC, as the API's `_gmt` dates are).
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** A WordPress `_gmt` date (no zone written), or a bare `YYYY-MM-DD` day, read as UTC. */
function fromGmt(gmt: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(gmt)) return new Date(`${gmt}T00:00:00Z`);
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(gmt) ? gmt : `${gmt}Z`);
}

export const formatDate = (gmt: string) => dateFormat.format(fromGmt(gmt));
export const formatDateTime = (gmt: string) => `${dateTimeFormat.format(fromGmt(gmt))} UTC`;

/** A status as a badge's tone: done, waiting on the owner, or gone wrong. */
export type BadgeTone = 'good' | 'waiting' | 'bad' | 'plain';

const TONES: Record<string, BadgeTone> = {
  approved: 'good',
  completed: 'good',
  handled: 'good',
  sent: 'good',
  processing: 'waiting',
  pending: 'waiting',
  hold: 'waiting',
  'on-hold': 'waiting',
  unhandled: 'waiting',
  spam: 'bad',
  trash: 'bad',
  rejected: 'bad',
  cancelled: 'bad',
  failed: 'bad',
  refunded: 'plain',
  // A catalogue import's products.
  created: 'good',
  updated: 'waiting',
};

export function StatusBadge({ status, label }: { status: string; label?: string }) {
  const tone = TONES[status] ?? 'plain';
  return (
    <span className={`admin-badge${tone === 'plain' ? '' : ` admin-badge--${tone}`}`}>
      {label ?? status}
    </span>
  );
}
