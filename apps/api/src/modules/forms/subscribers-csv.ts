import { csv, formatWpDate } from '../../http/format.ts';
import type { NewsletterSubscriberRow } from './forms.repo.ts';

/** The newsletter export: a header row, then one row per sign-up (the shop's one CSV writer). */
export const subscribersCsv = (rows: NewsletterSubscriberRow[]): string =>
  csv(
    ['email', 'date_created_gmt'],
    rows.map((row) => [row.email, formatWpDate(row.createdAt)]),
  );
