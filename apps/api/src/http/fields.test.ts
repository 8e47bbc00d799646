import { describe, expect, it } from 'vitest';
import { fieldTree, pickFields } from './fields.ts';

describe('_fields', () => {
  it('keeps the named fields of each record, nested ones by dots', () => {
    const records = [
      { id: 1, name: 'Oats', meta: { a: 1, b: 2 }, price: '9.00' },
      { id: 2, name: 'Pecans', meta: { a: 3, b: 4 }, price: '7.00' },
    ];
    expect(pickFields(records, fieldTree('id, meta.b'))).toEqual([
      { id: 1, meta: { b: 2 } },
      { id: 2, meta: { b: 4 } },
    ]);
  });

  it('keeps a field whole when it is asked for whole, and skips names a record lacks', () => {
    const record = { id: 1, meta: { a: 1, b: 2 } };
    expect(pickFields(record, fieldTree('meta,meta.a,nothing'))).toEqual({ meta: { a: 1, b: 2 } });
    expect(pickFields(record, fieldTree('meta.a,meta'))).toEqual({ meta: { a: 1, b: 2 } });
  });
});
