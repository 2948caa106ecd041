import { randomBytes } from 'node:crypto';
import {
  type ResultRowData,
  type RunResultsData,
  resultsBookDocument,
  type StartListRow,
  startListDocument,
} from '../../api/modules/documents/definitions.ts';
import { renderPdf } from '../../api/modules/documents/pdf.ts';
import { startServer, stopServer } from './public-read.bench.ts';
import { median, percentile } from './stats.ts';

/**
 * Print documents (docs/decisions/040-print-documents.md): rendering time and memory of a results book of
 * 1,000 entries (10 runs of 100, each with team standings) and of a 200-entry start list, from their
 * pure definitions to PDF bytes. Median of RUNS renders after a warm-up; memory is the resident set's
 * growth and the heap in use after the last render. Then the app under a crowd of PDF requests
 * (docs/decisions/073-document-render-workers.md): /api/health's latency while CLIENTS anonymous
 * requests for one results book arrive at once, ROUNDS times, as a ratio to the same probe on the idle
 * server in the same run, and how the PDFs were answered. Figures, never asserted.
 */

const RUNS = Number(process.env.BENCH_DOCUMENT_RUNS ?? 5);
const NAMES = ['Hélène Bérubé', 'François Côté', 'Joëlle Laïné', 'Anaïs Lefèvre', 'Jérôme Gagné', 'Zoë Noël'];

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function resultRows(count: number, offset: number): ResultRowData[] {
  return Array.from({ length: count }, (_, i) => ({
    rank: i + 1,
    name: `${NAMES[(i + offset) % NAMES.length]} ${offset + i}`,
    departmentName: `Service d'incendie ${(i % 40) + 1}`,
    rawTime: `1:${String(30 + (i % 30)).padStart(2, '0')}.${String(i % 100).padStart(2, '0')}`,
    penalties: i % 5 === 0 ? 'False start' : '',
    officialTime: `1:${String(35 + (i % 25)).padStart(2, '0')}.${String(i % 100).padStart(2, '0')}`,
    gap: i === 0 ? null : `+${(i * 0.37).toFixed(2)}`,
    outcome: 'Finished',
    provisional: false,
  }));
}

function book(entries: number) {
  const perRun = 100;
  const runs: RunResultsData[] = Array.from({ length: Math.ceil(entries / perRun) }, (_, r) => ({
    runId: r + 1,
    eventName: 'Défi de Québec',
    runName: `Individuel ${r + 1}`,
    runCategory: 'Open Men',
    draft: false,
    omittedProvisional: false,
    overall: resultRows(Math.min(perRun, entries - r * perRun), r * perRun),
    categories: [],
    teams: Array.from({ length: 10 }, (_, i) => ({
      rank: i + 1,
      teamName: `Équipe ${i + 1}`,
      departmentName: `Service d'incendie ${i + 1}`,
      score: '5:12.00',
      counted: 'Hélène Bérubé 1:40.00, François Côté 1:41.00, Jérôme Gagné 1:42.00',
    })),
  }));
  return resultsBookDocument({ eventName: 'Défi de Québec', eventDates: '2027-06-01', draft: false, runs });
}

function startList(entries: number) {
  const rows: StartListRow[] = Array.from({ length: entries }, (_, i) => ({
    position: i + 1,
    pair: Math.ceil((i + 1) / 2),
    heat: Math.ceil(Math.ceil((i + 1) / 2) / 3),
    lane: i % 2 === 0 ? 'left' : 'right',
    name: `${NAMES[i % NAMES.length]} ${i}`,
    departmentName: `Service d'incendie ${(i % 40) + 1}`,
    category: 'Open Men',
    seedTime: '1:45.00',
    note: null,
  }));
  return startListDocument({
    eventName: 'Défi de Québec',
    runName: 'Individuel',
    runCategory: 'Open Men',
    asOf: 'Current order (version 1)',
    rows,
  });
}

async function measure(label: string, build: () => Parameters<typeof renderPdf>[0]) {
  await renderPdf(build());
  const rssBefore = process.memoryUsage().rss;
  const times: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    bytes = (await renderPdf(build())).length;
    const used = process.cpuUsage(cpuStarted);
    times.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  const memory = process.memoryUsage();
  return {
    document: label,
    'median ms': Math.round(median(times)),
    'max ms': Math.round(Math.max(...times)),
    // CPU time: what a shared, loaded machine's wall clock hides.
    'median CPU ms': Math.round(median(cpu)),
    'PDF KB': Math.round(bytes / 1024),
    'RSS growth MB': mb(memory.rss - rssBefore),
    'heap used MB': mb(memory.heapUsed),
  };
}

const CLIENTS = Number(process.env.BENCH_DOCUMENT_CLIENTS ?? 80);
const ROUNDS = Number(process.env.BENCH_DOCUMENT_ROUNDS ?? 5);
const IDLE_PROBES = 40;
const PROBE_GAP_MS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One /api/health round trip in ms. */
async function healthMs(base: string): Promise<number> {
  const started = performance.now();
  await (await fetch(`${base}/api/health`)).arrayBuffer();
  return performance.now() - started;
}

/** /api/health probed one request at a time until `done` resolves. */
async function probeWhile(base: string, done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  const times: number[] = [];
  while (!finished) {
    times.push(await healthMs(base));
    await sleep(PROBE_GAP_MS);
  }
  return times;
}

/** How the app answered PDFs so far (its metrics; empty on a build without them). */
async function documentAnswers(base: string, token: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const answers: Record<string, number> = {};
  for (const m of text.matchAll(/^firefit_document_answers\{outcome="([\w-]+)"\} (\d+)$/gm))
    answers[m[1] as string] = Number(m[2]);
  return answers;
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] ?? 0 };
};

async function crowd(): Promise<void> {
  const token = randomBytes(24).toString('hex');
  const server = await startServer(['app'], { DATABASE_URL: 'memory://', METRICS_TOKEN: token });
  try {
    const url = `${server.base}/api/documents/event/1/results-book.pdf`;
    await healthMs(server.base);
    const idleTimes: number[] = [];
    for (let i = 0; i < IDLE_PROBES; i += 1) {
      idleTimes.push(await healthMs(server.base));
      await sleep(PROBE_GAP_MS);
    }
    const idle = summary(idleTimes);
    const rows: Array<Record<string, string | number>> = [];
    const statuses: Record<string, number> = {};
    let cold: number[] = [];
    const warm: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const burst = Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          const res = await fetch(url);
          await res.arrayBuffer();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        }),
      );
      const times = await probeWhile(server.base, burst);
      if (round === 0) cold = times;
      else warm.push(...times);
    }
    const row = (label: string, times: number[]) => {
      const s = summary(times);
      rows.push({
        while: label,
        probes: times.length,
        'health p50 ms': Math.round(s.p50),
        'health p95 ms': Math.round(s.p95),
        'health max ms': Math.round(s.max),
        'p95 / idle p95': Math.round((s.p95 / idle.p95) * 10) / 10,
        'max / idle p95': Math.round((s.max / idle.p95) * 10) / 10,
      });
    };
    row('idle (the floor)', idleTimes);
    row(`first ${CLIENTS} at once (nothing rendered yet)`, cold);
    row(`${ROUNDS - 1} more rounds of ${CLIENTS} (same version)`, warm);
    process.stdout.write(
      `\n${CLIENTS} anonymous GET ${new URL(url).pathname} at once, ${ROUNDS} rounds, on the demo data (PGlite in memory),\n` +
        'the server in a process of its own; /api/health probed one at a time meanwhile:\n',
    );
    console.table(rows);
    const answers = await documentAnswers(server.base, token);
    const total = Object.values(statuses).reduce((a, b) => a + b, 0);
    process.stdout.write(
      `HTTP statuses: ${JSON.stringify(statuses)} of ${total}; the app's PDF answers: ${
        Object.keys(answers).length === 0 ? 'not reported by this build' : JSON.stringify(answers)
      }` +
        (answers.rendered === undefined
          ? '\n'
          : `; cache hits ${Math.round(((answers.cached ?? 0) / Math.max(1, total)) * 1000) / 10}% of requests\n`),
    );
  } finally {
    await stopServer(server);
  }
}

export async function run(): Promise<void> {
  console.table([
    await measure('results book, 1,000 entries', () => book(1000)),
    await measure('start list, 200 entries', () => startList(200)),
  ]);
  await crowd();
}
