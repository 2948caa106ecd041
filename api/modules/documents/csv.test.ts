import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

const person = (header: string) => ({ header, from: 'person' as const });
const code = (header: string) => ({ header, from: 'code' as const });

describe('toCsv', () => {
  it('writes a BOM, a header row, CRLF line ends and quotes only what needs it', () => {
    expect(
      toCsv(
        [person('Name'), code('Time')],
        [
          ['Hélène Bérubé', '1:47.32'],
          ['Côté, François', null],
        ],
      ),
    ).toBe('\uFEFFName,Time\r\nHélène Bérubé,1:47.32\r\n"Côté, François",\r\n');
  });

  it('doubles quotes, keeps line breaks inside quotes and defuses formulas in what people typed', () => {
    expect(
      toCsv([person('a')], [['say "hi"'], ['two\nlines'], ['=1+1'], ['+33'], ['-2'], ['@SUM(A1)'], [' padded ']]),
    ).toBe(`\uFEFFa\r\n"say ""hi"""\r\n"two\nlines"\r\n'=1+1\r\n'+33\r\n'-2\r\n'@SUM(A1)\r\n" padded "\r\n`);
    expect(toCsv([person('a')], [['\t=1'], ['\r=1']])).toBe(`\uFEFFa\r\n'\t=1\r\n"'\r=1"\r\n`);
  });

  it("writes the code's own values (a gap, a time) and numbers as they are", () => {
    expect(
      toCsv(
        [person('Name'), code('Gap'), code('Rank')],
        [
          ['=cmd', '+1.22', 1],
          ['-dash', '-', -1],
        ],
      ),
    ).toBe("\uFEFFName,Gap,Rank\r\n'=cmd,+1.22,1\r\n'-dash,-,-1\r\n");
  });

  it('defuses a value in a column the header does not declare', () => {
    expect(toCsv([code('a')], [['+1', '=x']])).toBe("\uFEFFa\r\n+1,'=x\r\n");
  });

  it('writes no NUL or other control character: each shows as U+FFFD; tab and line breaks stay inside quotes', () => {
    expect(
      toCsv(
        [person('a')],
        [['a\u0000b'], ['\u0000=cmd|calc'], ['esc\u001b[31m'], ['c1\u0085'], ['tab\tin, line\r\nend']],
      ),
    ).toBe('\uFEFFa\r\na\uFFFDb\r\n\uFFFD=cmd|calc\r\nesc\uFFFD[31m\r\nc1\uFFFD\r\n"tab\tin, line\r\nend"\r\n');
  });
});
