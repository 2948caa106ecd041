import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicRunStandings } from '../../api/contracts/public-results.ts';
import type { User } from '../../api/db/schema.ts';
import { callAs, createTestApp, type TestApp } from '../support/app.ts';
import { defused, readCsv } from '../support/csv.ts';
import {
  insertDepartment,
  insertEvent,
  insertRegistration,
  insertResult,
  insertRun,
  insertUser,
} from '../support/factories.ts';

/**
 * Every public output of a run ranks and measures gaps over official results only, from one function
 * (docs/decisions/039-public-results.md, 040-print-documents.md): the public results JSON, the results
 * CSV, the results PDF and the results book give each person the same place and gap, and no provisional
 * time shows in any of them, even when a provisional result is the fastest of the run and of its age
 * category. Admins still see provisional results ranked, under the draft watermark.
 */

let t: TestApp;
let admin: User;
let validator: User;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(db(), { role: 'admin', first_name: 'Alex', last_name: 'Morgan' });
  validator = await insertUser(db(), { role: 'user' });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, caller?: User) => callAs(t.app, 'GET', url, caller);

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text as string;
}

/** The documents' CSV rows, as a spreadsheet shows them (a defused formula's apostrophe dropped). */
const parseCsv = (text: string): string[][] => readCsv(text).map((row) => row.map(defused));

/** The gap as the documents print it. */
const gapText = (gapMs: number | null) => (gapMs === null || gapMs === 0 ? null : `+${(gapMs / 1000).toFixed(2)}`);

interface Place {
  rank: number | null;
  name: string;
  officialTime: string | null;
  gap: string | null;
}

const placesOf = (rows: PublicRunStandings['rows']): Place[] =>
  rows.map((r) => ({ rank: r.rank, name: r.entrant.name, officialTime: r.officialTime, gap: gapText(r.gapMs) }));

/** Each section's rows, in order, each as its PDF row prints (rank, name, ..., official time, gap). */
function expectPlacesInPdf(text: string, sections: { label: string | null; places: Place[] }[]) {
  // A table cell may wrap: compare without white space.
  const flat = text.replace(/\s+/g, '');
  let from = -1;
  for (const section of sections) {
    const marks = section.label === null ? [] : [section.label];
    for (const place of section.places) {
      // Rank and name start the row; official time, gap and outcome end it.
      const end = `${place.officialTime ?? '–'}${place.gap ?? '–'}${place.officialTime === null ? '' : 'Finished'}`;
      marks.push(`${place.rank ?? '–'}${place.name}`, end);
    }
    for (const mark of marks) {
      const at = flat.indexOf(mark.replace(/\s+/g, ''), from + 1);
      expect(at, `"${mark}" after position ${from}`).toBeGreaterThan(from);
      from = at;
    }
  }
}

describe('public places and gaps', () => {
  it('are the same in the public JSON, CSV, PDF and results book, over official results only', async () => {
    const event = await insertEvent(db(), { name: 'Défi des places', start_date: '2027-06-01' });
    const department = await insertDepartment(db(), { name: 'Lévis' });
    const run = await insertRun(db(), event.id, { name: 'Individuel hommes', category: 'Open Men' });
    // Born 1980-1985: Over 40 / Over 45 Men on 2027-06-01. The provisional fastest is in Over 45 Men.
    const people = [
      { first: 'Pascal', last: 'Provisoire', dob: '1980-01-01', ms: 109_110, official: false },
      { first: 'Hélène', last: 'Bérubé', dob: '1982-05-05', ms: 111_840, official: true },
      { first: 'François', last: 'Côté', dob: '2000-03-03', ms: 112_500, official: true },
      { first: 'Joëlle', last: 'Laïné', dob: '1985-02-02', ms: 113_000, official: true },
      { first: 'Noël', last: 'Ouellet', dob: '1999-09-09', ms: 114_000, official: false },
      { first: 'Jérôme', last: 'Gagné', dob: '1979-07-07', ms: 115_250, official: true },
      { first: 'Anaïs', last: 'Lefèvre', dob: '1981-04-04', ms: null, official: true },
    ];
    for (const [i, p] of people.entries()) {
      const user = await insertUser(db(), {
        first_name: p.first,
        last_name: p.last,
        date_of_birth: p.dob,
        gender: 'male',
        department_id: department.id,
      });
      const registration = await insertRegistration(db(), { runId: run.id, userId: user.id });
      await insertResult(db(), {
        registrationId: registration.id,
        ...(p.ms === null ? { outcome: 'dnf' as const } : { rawTimeMs: p.ms }),
        heat: 1,
        position: i + 1,
        enteredBy: admin.id,
        ...(p.official ? { validatedBy: validator.id } : {}),
      });
    }
    const provisionalTimes = ['1:49.11', '1:54.00'];
    const provisionalNames = ['Pascal Provisoire', 'Noël Ouellet'];

    // The public results page's answer: the reference.
    const json = await get(`/api/results/public/runs/${run.id}`);
    expect(json.statusCode, json.body).toBe(200);
    const standings = json.json() as PublicRunStandings;
    const overall = placesOf(standings.rows);
    expect(overall).toEqual([
      { rank: 1, name: 'Hélène Bérubé', officialTime: '1:51.84', gap: null },
      { rank: 2, name: 'François Côté', officialTime: '1:52.50', gap: '+0.66' },
      { rank: 3, name: 'Joëlle Laïné', officialTime: '1:53.00', gap: '+1.16' },
      { rank: 4, name: 'Jérôme Gagné', officialTime: '1:55.25', gap: '+3.41' },
      { rank: null, name: 'Anaïs Lefèvre', officialTime: null, gap: null },
    ]);
    const categories = standings.categories.map((c) => ({ label: c.label, places: placesOf(c.rows) }));
    expect(categories).toEqual([
      { label: 'Over 40 Men', places: [{ rank: 1, name: 'Joëlle Laïné', officialTime: '1:53.00', gap: null }] },
      {
        label: 'Over 45 Men',
        places: [
          { rank: 1, name: 'Hélène Bérubé', officialTime: '1:51.84', gap: null },
          { rank: 2, name: 'Jérôme Gagné', officialTime: '1:55.25', gap: '+3.41' },
          { rank: null, name: 'Anaïs Lefèvre', officialTime: null, gap: null },
        ],
      },
    ]);

    // The results CSV (overall standings): the same places and gaps.
    const csv = await get(`/api/documents/run/${run.id}/results.csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    const csvText = csv.rawPayload.toString('utf8');
    const [header, ...csvRows] = parseCsv(csvText);
    const column = (name: string) => (header ?? []).indexOf(name);
    expect(
      csvRows.map((r) => ({
        rank: r[column('Rank')] === '' ? null : Number(r[column('Rank')]),
        name: r[column('Name')],
        officialTime: r[column('Official time')] || null,
        gap: r[column('Gap')] || null,
      })),
    ).toEqual(overall);
    expect(csvRows.every((r) => r[column('Status')] === 'official')).toBe(true);

    // The results PDF and the results book: overall, then each age category, the same places and gaps.
    const sections = [{ label: null, places: overall }, ...categories];
    const pdf = await get(`/api/documents/run/${run.id}/results.pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const pdfBody = await pdfText(pdf.rawPayload);
    expectPlacesInPdf(pdfBody, sections);
    expect(pdfBody).toContain('Provisional results are not shown');
    const book = await get(`/api/documents/event/${event.id}/results-book.pdf`);
    expect(book.statusCode, book.body).toBe(200);
    const bookBody = await pdfText(book.rawPayload);
    expectPlacesInPdf(bookBody, sections);

    // No provisional time (nor its entrant) in any public output.
    for (const output of [json.body, csvText, pdfBody, bookBody]) {
      for (const leaked of [...provisionalTimes, ...provisionalNames]) expect(output).not.toContain(leaked);
      expect(output).not.toContain('DRAFT');
    }

    // Admins still get every result ranked, provisional ones included, under the draft watermark.
    const adminCsv = parseCsv((await get(`/api/documents/run/${run.id}/results.csv`, admin)).rawPayload.toString());
    expect(adminCsv.slice(1, 3).map((r) => [r[column('Rank')], r[column('Name')], r[column('Status')]])).toEqual([
      ['1', 'Pascal Provisoire', 'provisional'],
      ['2', 'Hélène Bérubé', 'official'],
    ]);
    expect(await pdfText((await get(`/api/documents/run/${run.id}/results.pdf`, admin)).rawPayload)).toContain(
      'DRAFT — PROVISIONAL',
    );
  });
});
