/** Where a command writes: the real process streams, or buffers in tests. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
}

/** A mistake in how the command was called or what it was asked to do: message, exit code 1. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

/** Columns padded to their widest cell; long cells are cut with an ellipsis. */
export function table(headers: string[], rows: (string | number)[][], maxWidth = 48): string {
  const cut = (value: string | number) => {
    const text = String(value).replace(/\s+/g, ' ');
    return text.length > maxWidth ? `${text.slice(0, maxWidth - 1)}…` : text;
  };
  const cells = [headers, ...rows.map((row) => row.map(cut))];
  const widths = headers.map((_, column) =>
    Math.max(...cells.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [
    line(headers),
    line(widths.map((width) => '-'.repeat(width))),
    ...cells.slice(1).map(line),
  ].join('\n');
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell that starts
 * like a formula (= + - @) is prefixed with ' so a spreadsheet shows it instead of running it.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csv = (headers: string[], rows: string[][]): string =>
  [headers, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';

export const json = (value: unknown): string => JSON.stringify(value, null, 2);

/** 2026-11-22 07:41 (UTC): dates in tables, short and unambiguous. */
export const shortDate = (date: Date): string => date.toISOString().slice(0, 16).replace('T', ' ');
