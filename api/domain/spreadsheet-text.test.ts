import { describe, expect, it } from 'vitest';
import { defuseFormula } from './spreadsheet-text.ts';

describe('defuseFormula', () => {
  it('puts an apostrophe before text a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+33', '-2', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("x")'])
      expect(defuseFormula(text)).toBe(`'${text}`);
  });

  it('leaves any other text as it is', () => {
    for (const text of ['Hélène Bérubé', ' padded ', '', 'a=b', "'quoted", '1:47.32', 'Côté, François'])
      expect(defuseFormula(text)).toBe(text);
  });
});
