import { formatWpDate } from '../../http/format.ts';
import type { NewsletterSubscriberRow } from './forms.repo.ts';

/** Characters a spreadsheet reads as the start of a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): a value a spreadsheet would run as a formula gets a leading `'`, and a
 * value holding a quote, comma or line break is quoted with its quotes doubled.
 */
export function csvCell(value: string): string {
  const inert = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

/** The newsletter export: a header row, then one row per sign-up, CRLF line ends. */
export function subscribersCsv(rows: NewsletterSubscriberRow[]): string {
  const lines = [
    'email,date_created_gmt',
    ...rows.map((row) => [row.email, formatWpDate(row.createdAt)].map(csvCell).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
