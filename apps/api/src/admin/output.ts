/** Where a command writes: the real process streams, or buffers in tests. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
}

// C0 controls but tab, line feed and CR before LF (CSV lines), DEL, and C1 (8-bit CSI, OSC, …).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/g;

const visibleEscape = (char: string) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;

/**
 * Text as the owner's terminal may receive it: every control character that could start an escape
 * sequence (ESC, CSI), move the cursor (CR, BS) or ring the bell is shown as `\x1b` and so on, so
 * a review or an address can neither recolour nor rewrite what the command prints.
 */
export const terminalSafe = (text: string): string =>
  text.replace(TERMINAL_CONTROLS, visibleEscape);

/** An Io whose every line goes through terminalSafe: what runAdmin hands to the commands. */
export const terminalIo = (io: Io): Io => ({
  out: (text) => io.out(terminalSafe(text)),
  err: (text) => io.err(terminalSafe(text)),
});

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
    // Escaped before measuring, so a cell's width is what the terminal shows.
    const text = terminalSafe(String(value)).replace(/\s+/g, ' ');
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

/** JSON.stringify escapes C0 controls but leaves DEL and C1 raw: those become \\u escapes too. */
export const json = (value: unknown): string =>
  JSON.stringify(value, null, 2).replace(
    /[\u007f-\u009f]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** 2026-11-22 07:41 (UTC): dates in tables, short and unambiguous. */
export const shortDate = (date: Date): string => date.toISOString().slice(0, 16).replace('T', ' ');
