import {
  type ResultRowData,
  type RunResultsData,
  resultsBookDocument,
  type StartListRow,
  startListDocument,
} from '../../api/modules/documents/definitions.ts';
import { renderPdf } from '../../api/modules/documents/pdf.ts';
import { median } from './stats.ts';

/**
 * Print documents (docs/decisions/040-print-documents.md): rendering time and memory of a results book of
 * 1,000 entries (10 runs of 100, each with team standings) and of a 200-entry start list, from their
 * pure definitions to PDF bytes. Median of RUNS renders after a warm-up; memory is the resident set's
 * growth and the heap in use after the last render. Figures, never asserted.
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

export async function run(): Promise<void> {
  console.table([
    await measure('results book, 1,000 entries', () => book(1000)),
    await measure('start list, 200 entries', () => startList(200)),
  ]);
}
