import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { INFRACTIONS, type InfractionCode, PENALTY_SECONDS } from '../../domain/results/penalties.ts';

/**
 * The print documents as pdfmake definitions (docs/decisions/040-print-documents.md): pure functions of
 * plain data, no database and no I/O, so a test or the bench builds them from anything. Rendering is
 * api/modules/documents/pdf.ts.
 */

export interface DocumentRun {
  eventName: string;
  runName: string;
  runCategory: string;
}

export interface StartListRow {
  position: number;
  heat: number;
  pair: number;
  lane: 'left' | 'right';
  /** Null for an empty position (or an entry the caller may not see). */
  name: string | null;
  departmentName: string | null;
  category: string | null;
  seedTime: string | null;
  /** A scratch or no-show on the run order, or (admins only) a placed registration no longer confirmed. */
  note: string | null;
}

export interface StartListData extends DocumentRun {
  /** What arrangement this is: "Current order (version 12)", "Saved state Final (version 9)". */
  asOf: string;
  rows: StartListRow[];
}

export interface ResultRowData {
  rank: number | null;
  name: string;
  departmentName: string | null;
  rawTime: string | null;
  penalties: string;
  officialTime: string | null;
  gap: string | null;
  outcome: string;
  provisional: boolean;
}

export interface TeamRowData {
  rank: number | null;
  teamName: string;
  departmentName: string | null;
  score: string | null;
  counted: string;
}

export interface RunResultsData extends DocumentRun {
  runId: number;
  /** Some result is provisional: the document carries the draft watermark. */
  draft: boolean;
  /** Public copies leave provisional results out; this says so on the page. */
  omittedProvisional: boolean;
  overall: ResultRowData[];
  categories: { label: string; rows: ResultRowData[] }[];
  teams: TeamRowData[];
}

export interface ResultsBookData {
  eventName: string;
  eventDates: string;
  draft: boolean;
  runs: RunResultsData[];
}

export const DRAFT_WATERMARK = 'DRAFT — PROVISIONAL';

const LANE = { left: 'Left', right: 'Right' } as const;
const dash = (value: string | null | undefined) =>
  value === null || value === undefined || value === '' ? '–' : value;

const STYLES: TDocumentDefinitions['styles'] = {
  title: { fontSize: 18, bold: true, margin: [0, 0, 0, 4] },
  subtitle: { fontSize: 11, color: '#444444', margin: [0, 0, 0, 10] },
  section: { fontSize: 13, bold: true, margin: [0, 12, 0, 4] },
  th: { bold: true, fontSize: 8, color: '#333333', fillColor: '#e8e8e8' },
  small: { fontSize: 8, color: '#555555' },
  note: { fontSize: 8, italics: true, color: '#555555', margin: [0, 4, 0, 0] },
};

/** Header cells. */
const head = (labels: readonly string[]): TableCell[] => labels.map((text) => ({ text, style: 'th' }));

const zebra = {
  fillColor: (row: number) => (row > 0 && row % 2 === 0 ? '#f5f5f5' : null),
  hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
    i === 0 || i === 1 || i === node.table.body.length ? 0.6 : 0,
  vLineWidth: () => 0,
  hLineColor: () => '#999999',
  paddingTop: () => 2,
  paddingBottom: () => 2,
};

/** The page frame every document shares: a header naming it on every page, and page x of y. */
function frame(
  title: string,
  subtitle: string,
  options: { draft?: boolean; landscape?: boolean; skipFirstHeader?: boolean } = {},
): Omit<TDocumentDefinitions, 'content'> {
  return {
    pageSize: 'A4',
    pageOrientation: options.landscape ? 'landscape' : 'portrait',
    pageMargins: [36, 54, 36, 44],
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: STYLES,
    info: { title: `${title} — ${subtitle}`, creator: 'Firefighter Combat Challenge' },
    header: (page: number) =>
      options.skipFirstHeader && page === 1
        ? null
        : {
            margin: [36, 20, 36, 0],
            columns: [
              { text: title, bold: true, fontSize: 9 },
              { text: subtitle, alignment: 'right', fontSize: 9, color: '#444444' },
            ],
          },
    footer: (page: number, pages: number) => ({
      margin: [36, 12, 36, 0],
      columns: [
        { text: options.draft ? 'Provisional: not official results' : '', fontSize: 8, color: '#aa0000' },
        { text: `Page ${page} of ${pages}`, alignment: 'right', fontSize: 8 },
      ],
    }),
    ...(options.draft
      ? { watermark: { text: DRAFT_WATERMARK, color: '#cc0000', opacity: 0.12, bold: true, fontSize: 60 } }
      : {}),
  };
}

const runTitle = (run: DocumentRun) => `${run.runName} (${run.runCategory})`;

// ---------- start list ----------

/**
 * A lane's entrant as every sheet prints it: the name, and beside it the note (a scratch or a no-show
 * from the run order, or a registration cancelled since) so the start list, the heat sheets and the
 * timing sheets say the same (docs/decisions/046).
 */
const entrantText = (r: Pick<StartListRow, 'name' | 'note'>): string =>
  r.note ? `${r.name ?? ''} (${r.note})` : (r.name ?? '');

const START_LIST_HEAD = ['#', 'Heat', 'Pair', 'Lane', 'Name', 'Department', 'Category', 'Seed time'];

export function startListDocument(data: StartListData): TDocumentDefinitions {
  const body: TableCell[][] = [
    head(START_LIST_HEAD),
    ...data.rows.map((r) => [
      String(r.position),
      String(r.heat),
      String(r.pair),
      LANE[r.lane],
      r.name === null ? { text: '(empty)', color: '#888888' } : entrantText(r),
      dash(r.departmentName),
      dash(r.category),
      dash(r.seedTime),
    ]),
  ];
  return {
    ...frame(`Start list — ${runTitle(data)}`, data.eventName),
    content: [
      { text: `Start list: ${runTitle(data)}`, style: 'title' },
      { text: `${data.eventName} · ${data.asOf}`, style: 'subtitle' },
      data.rows.length === 0
        ? { text: 'No run order yet.', italics: true }
        : {
            table: { headerRows: 1, dontBreakRows: true, widths: [20, 26, 26, 30, '*', 110, 60, 48], body },
            // A firmer line where a new heat starts.
            layout: {
              ...zebra,
              hLineWidth: (i: number) =>
                i === 0 || i === 1 || i === body.length
                  ? 0.6
                  : i > 1 && data.rows[i - 1]?.heat !== data.rows[i - 2]?.heat
                    ? 1
                    : 0,
            },
          },
    ],
  };
}

// ---------- heat sheets ----------

/** One page per heat: its pairs and lanes, for the official who calls them. */
export function heatSheetsDocument(data: StartListData): TDocumentDefinitions {
  const heats = groupBy(data.rows, (r) => r.heat);
  const content: Content[] = [];
  if (heats.length === 0) content.push({ text: 'No run order yet.', italics: true });
  heats.forEach(([heat, rows], index) => {
    content.push(
      {
        text: `Heat ${heat}`,
        style: 'title',
        ...(index > 0 ? { pageBreak: 'before' as const } : {}),
      },
      { text: `${runTitle(data)} · ${data.eventName} · ${data.asOf}`, style: 'subtitle' },
      {
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: [30, 36, '*', 120, 60, 50],
          body: [
            head(['Pair', 'Lane', 'Name', 'Department', 'Category', 'Seed time']),
            ...rows.map((r) => [
              { text: String(r.pair), bold: true },
              LANE[r.lane],
              r.name === null ? { text: '(empty)', color: '#888888' } : { text: entrantText(r), fontSize: 11 },
              dash(r.departmentName),
              dash(r.category),
              dash(r.seedTime),
            ]),
          ],
        },
        layout: {
          ...zebra,
          hLineWidth: (i: number) => (i === 0 ? 0.6 : 0.4),
          paddingTop: () => 5,
          paddingBottom: () => 5,
        },
      },
    );
  });
  return { ...frame(`Heat sheets — ${runTitle(data)}`, data.eventName), content };
}

// ---------- timing sheets ----------

const BOX = { text: ' ', fontSize: 14 };

/**
 * Each infraction's column header on a timing sheet: a few short words that fit its narrow box, the
 * timing table's key under them; the full labels stay in the legend below the table.
 */
export const TIMING_SHEET_HEADERS: Record<InfractionCode, string> = {
  'false-start': 'False start',
  'missed-step': 'Missed step',
  'pack-outside-box': 'Pack out of box',
  'roll-touched-deck': 'Roll on deck',
  'mallet-outside-zone': 'Mallet out of zone',
  'hydrant-missed': 'Hydrant',
  'target-missed': 'Missed target',
  'nozzle-open': 'Nozzle open',
  'mannequin-carried': 'Carry or spike',
  'roll-dropped': 'Roll dropped',
  unsportsmanlike: 'Unsport. conduct',
  'equipment-tampering': 'Equip. tamper',
  'non-compliant-gear': 'Non-compl. gear',
};

const TIMING_PENALTIES = INFRACTIONS.filter((i) => !i.disqualifies);
const TIMING_DISQUALIFYING = INFRACTIONS.filter((i) => i.disqualifies);
/** The infraction columns, the ones that cost seconds first, as the two header groups. */
const TIMING_INFRACTIONS = [...TIMING_PENALTIES, ...TIMING_DISQUALIFYING];

/** Pair, lane, name, time; the infractions; DNF, DNS, DQ; initials. */
const TIMING_WIDTHS = [20, 26, '*', 64, ...TIMING_INFRACTIONS.map(() => 25), 20, 20, 20, 32];
const FIRST_INFRACTION_COLUMN = 4;
const FIRST_OUTCOME_COLUMN = FIRST_INFRACTION_COLUMN + TIMING_INFRACTIONS.length;

const spanned = (text: string, colSpan: number): TableCell[] => [
  { text, style: 'th', colSpan, alignment: 'center' },
  ...Array.from({ length: colSpan - 1 }, () => ({})),
];
const tall = (text: string): TableCell => ({ text, style: 'th', rowSpan: 2 });

/** The two header rows: groups over the infraction and outcome boxes, then a readable name per box. */
function timingSheetHead(): TableCell[][] {
  return [
    [
      ...['Pair', 'Lane', 'Name', 'Time (m:ss.hh)'].map(tall),
      ...spanned(`Penalties: +${PENALTY_SECONDS} s each, tally every call`, TIMING_PENALTIES.length),
      ...spanned('Disqualify (DQ)', TIMING_DISQUALIFYING.length),
      ...spanned('Outcome', 3),
      tall('Initials'),
    ],
    [
      {},
      {},
      {},
      {},
      ...TIMING_INFRACTIONS.map(
        (i): TableCell => ({
          stack: [
            { text: TIMING_SHEET_HEADERS[i.code], fontSize: 6.5, lineHeight: 0.95 },
            { text: i.key, fontSize: 9, margin: [0, 1, 0, 0] },
          ],
          style: 'th',
          alignment: 'center',
          verticalAlignment: 'bottom',
        }),
      ),
      ...['DNF', 'DNS', 'DQ'].map(
        (text): TableCell => ({ text, style: 'th', alignment: 'center', verticalAlignment: 'bottom' }),
      ),
      {},
    ],
  ];
}

/** Blank timing sheets, one page per heat: lanes and names, boxes for time, each infraction, outcome, initials. */
export function timingSheetsDocument(data: StartListData): TDocumentDefinitions {
  const heats = groupBy(data.rows, (r) => r.heat);
  const content: Content[] = [];
  if (heats.length === 0) content.push({ text: 'No run order yet.', italics: true });
  heats.forEach(([heat, rows], index) => {
    content.push(
      {
        text: `Timing sheet — heat ${heat}`,
        style: 'title',
        ...(index > 0 ? { pageBreak: 'before' as const } : {}),
      },
      { text: `${runTitle(data)} · ${data.eventName} · ${data.asOf}`, style: 'subtitle' },
      {
        table: {
          headerRows: 2,
          dontBreakRows: true,
          widths: TIMING_WIDTHS,
          body: [
            ...timingSheetHead(),
            ...rows.map((r) => [
              String(r.pair),
              LANE[r.lane],
              {
                stack: [
                  r.name === null ? { text: '(empty)', color: '#888888' } : { text: entrantText(r), bold: true },
                  { text: dash(r.departmentName), style: 'small' },
                ],
              },
              BOX,
              ...TIMING_INFRACTIONS.map(() => BOX),
              BOX,
              BOX,
              BOX,
              BOX,
            ]),
          ],
        },
        layout: {
          hLineWidth: () => 0.6,
          // A firmer line around the groups of boxes.
          vLineWidth: (i: number) =>
            i === FIRST_INFRACTION_COLUMN ||
            i === FIRST_INFRACTION_COLUMN + TIMING_PENALTIES.length ||
            i === FIRST_OUTCOME_COLUMN
              ? 1.2
              : 0.6,
          hLineColor: () => '#666666',
          vLineColor: () => '#666666',
          // The infraction boxes are narrow: little padding beside their headers.
          paddingLeft: (i: number) => (i >= FIRST_INFRACTION_COLUMN && i < FIRST_OUTCOME_COLUMN + 3 ? 1.5 : 4),
          paddingRight: (i: number) => (i >= FIRST_INFRACTION_COLUMN && i < FIRST_OUTCOME_COLUMN + 3 ? 1.5 : 4),
          paddingTop: () => 6,
          paddingBottom: () => 6,
        },
      },
      {
        text: `Penalty keys: ${INFRACTIONS.map((i) => `${i.key} ${i.label}${i.disqualifies ? ' (DQ)' : ''}`).join(' · ')}. Tally each call in its box.`,
        style: 'note',
      },
      {
        margin: [0, 16, 0, 0],
        columns: [
          { text: 'Timing official: ______________________', fontSize: 10 },
          { text: 'Second official: ______________________', fontSize: 10 },
          { text: 'Time of day: ________', fontSize: 10 },
        ],
      },
    );
  });
  return { ...frame(`Timing sheets — ${runTitle(data)}`, data.eventName, { landscape: true }), content };
}

// ---------- results ----------

const RESULT_HEAD = ['Rank', 'Name', 'Department', 'Raw time', 'Penalties', 'Official', 'Gap', 'Status'];
const RESULT_WIDTHS = [24, '*', 72, 40, 72, 40, 32, 44];

function resultTable(rows: readonly ResultRowData[]): Content {
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: RESULT_WIDTHS,
      body: [
        head(RESULT_HEAD),
        ...rows.map((r) => [
          r.rank === null ? '–' : String(r.rank),
          r.name,
          dash(r.departmentName),
          dash(r.rawTime),
          // A long list of calls in small print; no calls is the same dash as the other columns.
          r.penalties ? { text: r.penalties, fontSize: 7.5 } : '–',
          { text: dash(r.officialTime), bold: true },
          dash(r.gap),
          r.provisional ? { text: `${r.outcome} · provisional`, color: '#aa0000' } : r.outcome,
        ]),
      ],
    },
    layout: zebra,
  };
}

function teamTable(rows: readonly TeamRowData[]): Content {
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: [26, '*', 100, 50, 170],
      body: [
        head(['Rank', 'Team', 'Department', 'Score', 'Times counted']),
        ...rows.map((t) => [
          t.rank === null ? '–' : String(t.rank),
          t.teamName,
          dash(t.departmentName),
          { text: dash(t.score), bold: true },
          { text: dash(t.counted), fontSize: 8 },
        ]),
      ],
    },
    layout: zebra,
  };
}

/** A run's results: overall, each age category, team scores. tocItem puts its title in a book's contents. */
function runResultsContent(data: RunResultsData, options: { tocItem?: boolean; pageBreak?: boolean } = {}): Content[] {
  const content: Content[] = [
    {
      text: `Results: ${runTitle(data)}`,
      style: 'title',
      ...(options.tocItem ? { tocItem: true, tocStyle: { fontSize: 10 } } : {}),
      ...(options.pageBreak ? { pageBreak: 'before' as const } : {}),
    },
    {
      text: `${data.eventName}${data.draft ? ' · PROVISIONAL: not official' : ' · Official results'}`,
      style: 'subtitle',
    },
  ];
  if (data.overall.length === 0) content.push({ text: 'No results yet.', italics: true });
  else content.push(resultTable(data.overall));
  for (const category of data.categories) {
    if (category.rows.length === 0) continue;
    content.push({ text: category.label, style: 'section' }, resultTable(category.rows));
  }
  if (data.teams.length > 0) content.push({ text: 'Team standings', style: 'section' }, teamTable(data.teams));
  if (data.omittedProvisional)
    content.push({ text: 'Provisional results are not shown until validated.', style: 'note' });
  return content;
}

export function runResultsDocument(data: RunResultsData): TDocumentDefinitions {
  return {
    ...frame(`Results — ${runTitle(data)}`, data.eventName, { draft: data.draft }),
    content: runResultsContent(data),
  };
}

/** The event's results book: a cover, contents, then every run; headers and page x of y on every page. */
export function resultsBookDocument(data: ResultsBookData): TDocumentDefinitions {
  const content: Content[] = [
    { text: data.eventName, fontSize: 30, bold: true, alignment: 'center', margin: [0, 200, 0, 12] },
    { text: 'Results book', fontSize: 20, alignment: 'center', margin: [0, 0, 0, 8] },
    { text: data.eventDates, fontSize: 12, alignment: 'center', color: '#444444' },
    {
      text: data.draft ? 'PROVISIONAL — not official results' : 'Official results',
      fontSize: 12,
      alignment: 'center',
      margin: [0, 24, 0, 0],
      color: data.draft ? '#aa0000' : '#222222',
    },
    {
      pageBreak: 'before',
      toc: { title: { text: 'Contents', style: 'title' }, numberStyle: { fontSize: 10 } },
    },
  ];
  if (data.runs.length === 0) content.push({ text: 'No results yet.', italics: true, pageBreak: 'before' });
  for (const run of data.runs) content.push(...runResultsContent(run, { tocItem: true, pageBreak: true }));
  return {
    ...frame(`Results book — ${data.eventName}`, data.eventDates, { draft: data.draft, skipFirstHeader: true }),
    content,
  };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): [number, T[]][] {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return [...groups].sort(([a], [b]) => a - b);
}

/**
 * Every document by kind: what the render workers build a definition from (a definition holds
 * functions, so only the plain data crosses to a worker: docs/decisions/073-document-render-workers.md).
 */
export const DOCUMENTS = {
  'start-list': startListDocument,
  'heat-sheets': heatSheetsDocument,
  'timing-sheets': timingSheetsDocument,
  'run-results': runResultsDocument,
  'results-book': resultsBookDocument,
} as const;

export type DocumentKind = keyof typeof DOCUMENTS;
export type DocumentData<K extends DocumentKind> = Parameters<(typeof DOCUMENTS)[K]>[0];
