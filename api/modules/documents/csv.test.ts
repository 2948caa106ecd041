import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('writes a BOM, a header row, CRLF line ends and quotes only what needs it', () => {
    expect(
      toCsv(
        ['Name', 'Time'],
        [
          ['Hélène Bérubé', '1:47.32'],
          ['Côté, François', null],
        ],
      ),
    ).toBe('\uFEFFName,Time\r\nHélène Bérubé,1:47.32\r\n"Côté, François",\r\n');
  });

  it('doubles quotes, keeps line breaks inside quotes and defuses formulas', () => {
    expect(toCsv(['a'], [['say "hi"'], ['two\nlines'], ['=1+1'], ['+33'], ['-2'], ['@SUM(A1)'], [' padded ']])).toBe(
      `\uFEFFa\r\n"say ""hi"""\r\n"two\nlines"\r\n'=1+1\r\n'+33\r\n'-2\r\n'@SUM(A1)\r\n" padded "\r\n`,
    );
  });

  it('leaves numbers as they are', () => {
    expect(toCsv(['n'], [[-1], [3]])).toBe('\uFEFFn\r\n-1\r\n3\r\n');
  });

  it('writes no NUL or other control character: each shows as U+FFFD; tab and line breaks stay inside quotes', () => {
    expect(
      toCsv(['a'], [['a\u0000b'], ['\u0000=cmd|calc'], ['esc\u001b[31m'], ['c1\u0085'], ['tab\tin, line\r\nend']]),
    ).toBe('\uFEFFa\r\na\uFFFDb\r\n\uFFFD=cmd|calc\r\nesc\uFFFD[31m\r\nc1\uFFFD\r\n"tab\tin, line\r\nend"\r\n');
  });
});
