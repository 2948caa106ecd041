import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTime } from '../times.ts';
import {
  type HeatEntrant,
  IMPORT_MAX_ROWS,
  type ImportRow,
  parseImportTime,
  parseTimingCsv,
  planImport,
} from './timing-import.ts';

const ok = (rows: ImportRow[]) =>
  rows.map((r) => (r.ok ? [r.line, r.lane ?? r.position, r.value.outcome, r.value.rawTimeMs] : [r.line, r.message]));

describe('parseImportTime', () => {
  it('reads m:ss.hh and seconds, to the hundredth', () => {
    expect(parseImportTime('1:47.32')).toBe(107_320);
    expect(parseImportTime('107.32')).toBe(107_320);
    expect(parseImportTime('107.3')).toBe(107_300);
    expect(parseImportTime('95')).toBe(95_000);
    expect(parseImportTime('107,32', true)).toBe(107_320);
    expect(parseImportTime('1:47,32', true)).toBe(107_320);
  });

  it('refuses thousandths, decimal commas between commas, zero, past an hour and nonsense', () => {
    for (const text of ['107.325', '107,32', '0', '0.00', '3600.01', '1:60.00', 'abc', '-5', '1e3', '', ' . ']) {
      expect(parseImportTime(text), text).toBeNull();
    }
  });
});

describe('parseTimingCsv', () => {
  it('reads rows without a header as lane, time, status', () => {
    const parsed = parseTimingCsv('1,1:47.32\n2,,DNF\n3,95.10,\n4,,dq\n5,,DNS\n');
    expect(parsed.fileError).toBeNull();
    expect(parsed.column).toBe('lane');
    expect(ok(parsed.rows)).toEqual([
      [1, 1, 'finished', 107_320],
      [2, 2, 'dnf', null],
      [3, 3, 'finished', 95_100],
      [4, 4, 'dq', null],
      [5, 5, 'dns', null],
    ]);
  });

  it('reads a header in any order, position instead of lane, semicolons, quotes, a BOM and CRLF', () => {
    const text = '\uFEFFStatus;"Raw time";Position\r\n;"107,32";12\r\n\r\n"DNF";;13\r\n';
    const parsed = parseTimingCsv(text);
    expect(parsed.fileError).toBeNull();
    expect(parsed.column).toBe('position');
    expect(ok(parsed.rows)).toEqual([
      [2, 12, 'finished', 107_320],
      [4, 13, 'dnf', null],
    ]);
    expect(parsed.rows[0]).toMatchObject({ lane: null, position: 12 });
  });

  it('reads quoted fields with delimiters, escaped quotes and line breaks, keeping line numbers', () => {
    const parsed = parseTimingCsv('lane,time,note\n"1","1:47.32","a, ""b""\nc"\n2,1:50.00,x\n');
    expect(ok(parsed.rows)).toEqual([
      [2, 1, 'finished', 107_320],
      [4, 2, 'finished', 110_000],
    ]);
  });

  it('gives a clear message per bad line and keeps the others', () => {
    const parsed = parseTimingCsv(
      [
        'lane,time,status',
        'x,1:47.32',
        '0,1:47.32',
        '3,1:47.325',
        '4,',
        '5,1:40.00,maybe',
        '6,1:40.00,DNF',
        '7,1:41.00',
      ].join('\n'),
    );
    expect(ok(parsed.rows)).toEqual([
      [2, 'Line 2: the lane "x" is not a whole number from 1.'],
      [3, 'Line 3: the lane "0" is not a whole number from 1.'],
      [4, 'Line 4: "1:47.325" is not a time like 1:47.32 or 107.32 (to the hundredth, at most 60:00.00).'],
      [5, 'Line 5: the time is missing.'],
      [6, 'Line 6: the status "maybe" is not DNF, DNS or DQ (or empty for a finish).'],
      [7, 'Line 7: a DNF has no time; leave the time empty.'],
      [8, 7, 'finished', 101_000],
    ]);
  });

  it('refuses a file it cannot read as a whole', () => {
    expect(parseTimingCsv('').fileError).toBe('The file has no rows.');
    expect(parseTimingCsv('\n , \n').fileError).toBe('The file has no rows.');
    expect(parseTimingCsv('time,status\n1:47.32,').fileError).toBe('The header names no "lane" or "position" column.');
    expect(parseTimingCsv('lane,position,time\n1,2,1:47.32').fileError).toContain('both');
    expect(parseTimingCsv('lane,status\n1,DNF').fileError).toBe('The header names no "time" column.');
    expect(parseTimingCsv('1,"1:47.32\n2,1:48.00').fileError).toBe('Line 1: a quoted field is not closed.');
    expect(parseTimingCsv('1,1:47.32\0').fileError).toBe('The file is not a text CSV file.');
    expect(parseTimingCsv(42 as unknown as string).fileError).toBe('The file is not text.');
  });

  it(`takes at most ${IMPORT_MAX_ROWS} rows`, () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `${i + 1},1:47.32`).join('\n');
    expect(parseTimingCsv(`lane,time\n${rows(IMPORT_MAX_ROWS)}`).rows).toHaveLength(IMPORT_MAX_ROWS);
    expect(parseTimingCsv(rows(IMPORT_MAX_ROWS + 1)).fileError).toContain('at most 2000');
  });

  it('does not take names from the object prototype as columns or statuses', () => {
    expect(parseTimingCsv('constructor,time\n1,1:47.32').fileError).toBe(
      'The header names no "lane" or "position" column.',
    );
    expect(ok(parseTimingCsv('1,,constructor').rows)[0]?.[1]).toContain('is not DNF');
  });

  it('property: any written time reads back, whatever the delimiter', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 360_000 }), { minLength: 1, maxLength: 30 }),
        fc.constantFrom(',', ';'),
        fc.boolean(),
        (hundredths, delimiter, seconds) => {
          const times = hundredths.map((h) => h * 10);
          const text = times
            .map((ms, i) => `${i + 1}${delimiter}${seconds ? (ms / 1000).toFixed(2) : formatTime(ms)}`)
            .join('\r\n');
          const parsed = parseTimingCsv(text);
          expect(parsed.fileError).toBeNull();
          expect(parsed.rows.map((r) => (r.ok ? r.value.rawTimeMs : r.message))).toEqual(times);
        },
      ),
    );
  });

  it('property: never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const parsed = parseTimingCsv(text);
        expect(parsed.fileError === null || typeof parsed.fileError === 'string').toBe(true);
      }),
    );
  });
});

describe('planImport', () => {
  const heat: HeatEntrant[] = [
    { lane: 1, position: 7, registrationId: 70, name: 'Ann' },
    { lane: 2, position: 8, registrationId: 80, name: 'Ben' },
    { lane: 3, position: 9, registrationId: null, name: null },
    { lane: 4, position: 10, registrationId: 100, name: 'Cat' },
  ];

  it('sorts rows into matched, differing and unmatched', () => {
    const parsed = parseTimingCsv('1,1:47.32\n2,1:50.00\n3,1:51.00\n4,1:52.00\n5,1:53.00\nx,1\n1,1:40.00');
    const plan = planImport(parsed.rows, heat, [
      { registrationId: 80, value: { rawTimeMs: 110_000, outcome: 'finished', penalties: ['false-start'] } },
      { registrationId: 100, value: { rawTimeMs: null, outcome: 'dnf', penalties: [] } },
    ]);
    expect(plan.matched.map((m) => [m.line, m.registrationId, m.name, m.value.rawTimeMs, m.unchanged])).toEqual([
      [1, 70, 'Ann', 107_320, false],
      [2, 80, 'Ben', 110_000, true],
    ]);
    expect(plan.differing.map((d) => [d.line, d.registrationId, d.value.rawTimeMs, d.current.outcome])).toEqual([
      [4, 100, 112_000, 'dnf'],
    ]);
    expect(plan.unmatched.map((u) => u.reason)).toEqual([
      'Line 3: nobody is placed in lane 3 of this heat.',
      'Line 5: nobody is placed in lane 5 of this heat.',
      'Line 6: the lane "x" is not a whole number from 1.',
      'Line 7: lane 1 is already listed on line 1.',
    ]);
  });

  it('matches by run-order position when the file names positions', () => {
    const parsed = parseTimingCsv('position,time,status\n8,,DNS\n1,1:00.00');
    const plan = planImport(parsed.rows, heat, []);
    expect(plan.matched.map((m) => [m.registrationId, m.lane, m.position, m.value.outcome])).toEqual([
      [80, 2, 8, 'dns'],
    ]);
    expect(plan.unmatched.map((u) => u.reason)).toEqual(['Line 3: nobody is placed in position 1 of this heat.']);
  });
});
