import { parse } from 'csv-parse/sync';

/** One row of the buyer's file that named a SKU and a quantity. */
export interface QuickOrderRow {
  /** 1-based, as the spreadsheet numbers it (the header row counts). */
  row: number;
  sku: string;
  quantity: number;
}

export interface QuickOrderProblem {
  row: number;
  message: string;
}

export interface QuickOrderFile {
  rows: QuickOrderRow[];
  problems: QuickOrderProblem[];
}

/** More rows than a catalogue has sizes: the rest of a file that long is not read. */
export const MAX_ROWS = 1000;
const MAX_QUANTITY = 9999;

const SKU_HEADER = /^(sku|item|code|product code)$/i;
const QUANTITY_HEADER = /^(quantity|qty|units|amount)$/i;

/**
 * Reads a buyer's order sheet: SKU and quantity, one row each, as a spreadsheet saves it (comma,
 * semicolon or tab; a header row or none; quoted cells; a byte-order mark). A header row may put
 * the columns in any order; without one the SKU is first and the quantity second. Rows with a
 * quantity of 0 or nothing are skipped, as a buyer leaves them in a template.
 */
export function readQuickOrderFile(text: string): QuickOrderFile {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      info: true,
      bom: true,
      delimiter: [',', ';', '\t'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      // The header and one row past the limit, to say where reading stopped.
      to: MAX_ROWS + 2,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { rows: [], problems: [{ row: line, message: 'This row could not be read as CSV.' }] };
  }

  const first = records[0]?.record ?? [];
  const skuColumn = first.findIndex((cell) => SKU_HEADER.test(cell));
  const quantityColumn = first.findIndex((cell) => QUANTITY_HEADER.test(cell));
  const hasHeader = skuColumn >= 0 && quantityColumn >= 0;
  const columns = hasHeader
    ? { sku: skuColumn, quantity: quantityColumn }
    : { sku: 0, quantity: 1 };

  const rows: QuickOrderRow[] = [];
  const problems: QuickOrderProblem[] = [];
  const body = records.slice(hasHeader ? 1 : 0);
  body.slice(0, MAX_ROWS).forEach(({ record, info }) => {
    // The spreadsheet's row number: blank lines count there, though they are skipped here.
    const row = info.lines;
    const sku = record[columns.sku] ?? '';
    const quantityText = (record[columns.quantity] ?? '').replace(/,/g, '');
    if (sku === '' && quantityText === '') return;
    if (sku === '') {
      problems.push({ row, message: 'This row has a quantity but no SKU.' });
      return;
    }
    if (quantityText === '' || /^0+$/.test(quantityText)) return;
    if (!/^\d+$/.test(quantityText)) {
      problems.push({
        row,
        message: `${sku}: the quantity “${quantityText}” is not a whole number.`,
      });
      return;
    }
    const quantity = Number(quantityText);
    if (quantity > MAX_QUANTITY) {
      problems.push({ row, message: `${sku}: at most ${MAX_QUANTITY} per line.` });
      return;
    }
    rows.push({ row, sku, quantity });
  });
  const firstUnread = body[MAX_ROWS];
  if (firstUnread) {
    problems.push({
      row: firstUnread.info.lines,
      message: `Only the first ${MAX_ROWS} rows are read.`,
    });
  }
  return { rows, problems };
}
