import { describe, expect, it } from 'vitest';
import { MAX_ROWS, readQuickOrderFile } from './quick-order-file.ts';

describe('readQuickOrderFile', () => {
  it('reads SKU and quantity without a header, skipping blank and zero rows', () => {
    expect(readQuickOrderFile('LO-HOC-12,24\n\nLO-CCA-12,0\nLO-BULK-5,2\n')).toEqual({
      rows: [
        { row: 1, sku: 'LO-HOC-12', quantity: 24 },
        { row: 4, sku: 'LO-BULK-5', quantity: 2 },
      ],
      problems: [],
    });
  });

  it('finds the columns by their header in any order, after a byte-order mark, with ; or tabs', () => {
    const semicolons = '\uFEFFName;Qty;SKU\n"Honey Oat; Classic";12;LO-HOC-12\n';
    expect(readQuickOrderFile(semicolons).rows).toEqual([
      { row: 2, sku: 'LO-HOC-12', quantity: 12 },
    ]);
    expect(readQuickOrderFile('sku\tquantity\nLO-HOC-12\t36').rows).toEqual([
      { row: 2, sku: 'LO-HOC-12', quantity: 36 },
    ]);
  });

  it('names each row it cannot use and why', () => {
    const { rows, problems } = readQuickOrderFile(
      'SKU,Quantity\nLO-HOC-12,twelve\n,5\nLO-CCA-12,-3\nLO-BULK-5,12000\nLO-OK,1',
    );
    expect(rows).toEqual([{ row: 6, sku: 'LO-OK', quantity: 1 }]);
    expect(problems).toEqual([
      { row: 2, message: 'LO-HOC-12: the quantity “twelve” is not a whole number.' },
      { row: 3, message: 'This row has a quantity but no SKU.' },
      { row: 4, message: 'LO-CCA-12: the quantity “-3” is not a whole number.' },
      { row: 5, message: 'LO-BULK-5: at most 9999 per line.' },
    ]);
  });

  it(`reads the first ${MAX_ROWS} rows and says where it stopped, header or not`, () => {
    const text = Array.from({ length: MAX_ROWS + 50 }, (_, i) => `SKU-${i},1`).join('\n');
    const { rows, problems } = readQuickOrderFile(text);
    expect(rows).toHaveLength(MAX_ROWS);
    expect(problems).toEqual([
      { row: MAX_ROWS + 1, message: `Only the first ${MAX_ROWS} rows are read.` },
    ]);
    const withHeader = readQuickOrderFile(`sku,qty\n${text}`);
    expect(withHeader.rows).toHaveLength(MAX_ROWS);
    expect(withHeader.problems).toEqual([
      { row: MAX_ROWS + 2, message: `Only the first ${MAX_ROWS} rows are read.` },
    ]);
  });

  it('answers a problem, not an exception, for text that is not CSV', () => {
    expect(readQuickOrderFile('"LO-HOC-12,12\nLO-CCA-12,"12"x').problems).toHaveLength(1);
  });
});
