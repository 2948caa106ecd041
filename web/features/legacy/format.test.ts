import { describe, expect, it } from 'vitest';
import { csvCell, formatMoney, toCsv } from './format.ts';

describe('legacy money and CSV', () => {
  it('formats decimal strings without a float', () => {
    expect(formatMoney('1234567.5')).toBe('$1,234,567.50');
    expect(formatMoney('9007199254740993.07')).toBe('$9,007,199,254,740,993.07');
    expect(formatMoney('-19.99')).toBe('−$19.99');
    expect(formatMoney('0')).toBe('$0.00');
    expect(formatMoney(null)).toBe('—');
    expect(formatMoney('5.00', 'EUR')).toBe('EUR 5.00');
  });

  it('quotes CSV cells and defuses formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('-19.99')).toBe('-19.99');
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('\t=cmd')).toBe("'\t=cmd");
    expect(csvCell(-3)).toBe('-3');
    expect(
      toCsv(
        [{ n: 'INV-1', t: '10.00' }],
        [
          { header: 'Number', value: (r) => r.n },
          { header: 'Total', value: (r) => r.t },
        ],
      ),
    ).toBe('Number,Total\r\nINV-1,10.00\r\n');
  });
});
