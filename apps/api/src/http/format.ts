/** WordPress dates: ISO without timezone. The shop runs on UTC, so local and GMT agree. */
export const formatWpDate = (date: Date): string => date.toISOString().slice(0, 19);

export const uploadsUrl = (file: string): string => `/wp-content/uploads/${file}`;

export const slugify = (value: string): string =>
  value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-');

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export const likePattern = (term: string): string =>
  `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell that starts
 * like a formula (= + - @, tab, CR) is prefixed with ' so a spreadsheet shows it instead of
 * running it; one that starts with ' before such a character gets one too, so a reader that takes
 * the guard off (the catalogue import) gets every value back. The shop's one CSV writer: the
 * command line's exports and the back office's.
 */
export function csvCell(value: string): string {
  const safe = /^'*[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csv = (headers: string[], rows: string[][]): string =>
  [headers, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
