import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '../../contracts/common.ts';
import {
  CSV_MEDIA_TYPE,
  csvFileSchema,
  documentEventParamsSchema,
  documentRunParamsSchema,
  orderVersionQuerySchema,
  PDF_MEDIA_TYPE,
  pdfFileSchema,
} from '../../contracts/documents.ts';
import { DomainError } from '../../domain/errors.ts';
import { isAdmin, optionalCaller } from '../../plugins/access.ts';
import { matchesEtag } from '../../plugins/http-cache.ts';
import { runResultLog } from '../results/queries/history.ts';
import { signedInRoutes } from '../route-options.ts';
import { auditTrailCsv } from './audit-trail.ts';
import { type CsvColumn, toCsv } from './csv.ts';
import type { DocumentData, DocumentKind, RunResultsData, StartListData } from './definitions.ts';
import {
  documentEvent,
  documentRun,
  type OrderVersion,
  resultsBookData,
  runResultsData,
  startListData,
} from './queries.ts';

const tags = ['documents'];
const signedIn = signedInRoutes(tags);
const e = errorEnvelopeSchema;
const errors = { 400: e, 401: e, 403: e, 404: e };
/** A download's answers: the file in its one media type (not JSON), or the error envelope. */
const pdfResponses = {
  200: { description: 'The PDF file', content: { [PDF_MEDIA_TYPE]: { schema: pdfFileSchema } } },
  // The render limits (docs/decisions/073); a matching If-None-Match is a 304, as on every public read.
  ...errors,
  429: e,
  503: e,
};
const csvResponses = {
  200: { description: 'The CSV file', content: { [CSV_MEDIA_TYPE]: { schema: csvFileSchema } } },
  ...errors,
};
const RUN = '/api/documents/run/:runId';
const EVENT = '/api/documents/event/:eventId';

/** A file name's part: ASCII letters and digits only (accents dropped), words joined by dashes. */
export function fileNamePart(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'document'
  );
}

const runFileName = (kind: string, data: { eventName: string; runName: string }, ext: string) =>
  `${kind}-${fileNamePart(data.eventName)}-${fileNamePart(data.runName)}.${ext}`;

function sendFile(reply: FastifyReply, body: Buffer | string, type: 'pdf' | 'csv', fileName: string, admin: boolean) {
  reply
    .header('content-type', type === 'pdf' ? PDF_MEDIA_TYPE : CSV_MEDIA_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('vary', 'authorization')
    .header('cache-control', admin ? 'private, no-store' : 'public, no-cache')
    .header('x-content-type-options', 'nosniff');
  return reply.send(body);
}

/**
 * Sends a PDF by its data's version (docs/decisions/073-document-render-workers.md): the version is the
 * ETag, so a matching If-None-Match is a 304 with nothing rendered; otherwise the bytes come from the
 * renderer's cache or its worker threads. Anyone but an admin is charged a render per address.
 */
async function sendPdf<K extends DocumentKind>(
  request: FastifyRequest,
  reply: FastifyReply,
  document: { kind: K; data: DocumentData<K>; etag?: string | undefined },
  fileName: string,
  admin: boolean,
) {
  const renderer = request.server.documentRenderer;
  const etag = document.etag ?? renderer.etag(document.kind, document.data);
  reply.header('etag', etag);
  if (matchesEtag(request.headers['if-none-match'], etag)) {
    renderer.count('not-modified');
    return reply
      .code(304)
      .header('vary', 'authorization')
      .header('cache-control', admin ? 'private, no-store' : 'public, no-cache')
      .send();
  }
  const bytes = await renderer.pdf(document.kind, document.data, etag, admin ? undefined : request.ip);
  return sendFile(reply, bytes, 'pdf', fileName, admin);
}

/**
 * The public's copy of a document's data, read through the public read cache (decision 007) with its
 * version: a burst of anonymous requests reads the database once. Admins read their own, uncached.
 */
async function publicData<K extends DocumentKind, T extends DocumentData<K>>(
  request: FastifyRequest,
  kind: K,
  admin: boolean,
  load: () => Promise<T>,
): Promise<{ kind: K; data: T; etag?: string }> {
  if (admin) return { kind, data: await load() };
  const renderer = request.server.documentRenderer;
  return request.server.publicReadCache.read(`documents:${kind}:${request.url}`, async () => {
    const data = await load();
    return { kind, data, etag: renderer.etag(kind, data) };
  });
}

const orderVersion = (query: { version?: number | undefined; state?: string | undefined }): OrderVersion =>
  query.version !== undefined ? { version: query.version } : query.state !== undefined ? { state: query.state } : {};

const RESULTS_CSV_COLUMNS: CsvColumn[] = [
  { header: 'Run', from: 'person' },
  { header: 'Category', from: 'person' },
  { header: 'Rank', from: 'code' },
  { header: 'Name', from: 'person' },
  { header: 'Department', from: 'person' },
  { header: 'Raw time', from: 'code' },
  { header: 'Penalties', from: 'code' },
  { header: 'Official time', from: 'code' },
  { header: 'Gap', from: 'code' },
  { header: 'Outcome', from: 'code' },
  { header: 'Status', from: 'code' },
];

const resultsCsv = (runs: readonly RunResultsData[]) =>
  toCsv(
    RESULTS_CSV_COLUMNS,
    runs.flatMap((run) =>
      run.overall.map((r) => [
        run.runName,
        run.runCategory,
        r.rank,
        r.name,
        r.departmentName,
        r.rawTime,
        r.penalties,
        r.officialTime,
        r.gap,
        r.outcome,
        r.provisional ? 'provisional' : 'official',
      ]),
    ),
  );

const START_LIST_CSV_COLUMNS: CsvColumn[] = [
  { header: 'Position', from: 'code' },
  { header: 'Heat', from: 'code' },
  { header: 'Pair', from: 'code' },
  { header: 'Lane', from: 'code' },
  { header: 'Name', from: 'person' },
  { header: 'Department', from: 'person' },
  { header: 'Category', from: 'person' },
  { header: 'Seed time', from: 'code' },
  { header: 'Note', from: 'code' },
];

const startListCsv = (data: StartListData) =>
  toCsv(
    START_LIST_CSV_COLUMNS,
    data.rows.map((r) => [
      r.position,
      r.heat,
      r.pair,
      r.lane,
      r.name,
      r.departmentName,
      r.category,
      r.seedTime,
      r.note,
    ]),
  );

/**
 * Print documents and CSV exports (docs/decisions/040-print-documents.md). Access follows the data:
 * start lists and official results of public events for everyone, anything else for admins only
 * (the rest get 404, as the data itself answers them); heat and timing sheets and the audit trail
 * (docs/decisions/064-audit-trail-csv.md) for admins. PDFs are rendered in worker threads, by the data's
 * version, with an ETag (docs/decisions/073-document-render-workers.md).
 */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  async function callerIsAdmin(request: FastifyRequest): Promise<boolean> {
    const caller = await optionalCaller(app, request);
    return caller !== undefined && isAdmin(caller.role);
  }

  /** A past version or saved state is the organisers' working material: admins only. */
  function requireAdminFor(query: OrderVersion, admin: boolean) {
    if (!admin && Object.keys(query).length > 0)
      throw new DomainError(403, 'FORBIDDEN', 'Only admins may print a past version or a saved state.');
  }

  const publicRoute = <S extends FastifySchema>(type: 'pdf' | 'csv', summary: string, schema: S) => ({
    config: { access: 'public' as const },
    schema: { tags, summary, response: type === 'pdf' ? pdfResponses : csvResponses, ...schema },
  });

  app.get(
    `${RUN}/start-list.pdf`,
    publicRoute(
      'pdf',
      "The run's start list (PDF): heats, pairs, lanes, names, departments, categories, seed times; ?version= or ?state= (admins) for a past version or a saved state. Public for an active run of a public event",
      { params: documentRunParamsSchema, querystring: orderVersionQuerySchema },
    ),
    async (request, reply) => {
      const admin = await callerIsAdmin(request);
      const which = orderVersion(request.query);
      requireAdminFor(which, admin);
      const document = await publicData(request, 'start-list', admin, async () =>
        startListData(app.db, await documentRun(app.db, request.params.runId, admin), which, admin),
      );
      return sendPdf(request, reply, document, runFileName('start-list', document.data, 'pdf'), admin);
    },
  );

  app.get(
    `${RUN}/start-list.csv`,
    publicRoute(
      'csv',
      "The run's start list as CSV (UTF-8 with BOM, header row, CRLF); ?version= or ?state= (admins)",
      {
        params: documentRunParamsSchema,
        querystring: orderVersionQuerySchema,
      },
    ),
    async (request, reply) => {
      const admin = await callerIsAdmin(request);
      const which = orderVersion(request.query);
      requireAdminFor(which, admin);
      const data = await startListData(app.db, await documentRun(app.db, request.params.runId, admin), which, admin);
      return sendFile(reply, startListCsv(data), 'csv', runFileName('start-list', data, 'csv'), admin);
    },
  );

  app.get(
    `${RUN}/heat-sheets.pdf`,
    signedIn('admin', {
      summary: 'Heat sheets (PDF): a page per heat with its pairs and lanes; ?version= or ?state=',
      params: documentRunParamsSchema,
      querystring: orderVersionQuerySchema,
      response: pdfResponses,
    }),
    async (request, reply) => {
      const run = await documentRun(app.db, request.params.runId, true);
      const data = await startListData(app.db, run, orderVersion(request.query), true);
      return sendPdf(request, reply, { kind: 'heat-sheets', data }, runFileName('heat-sheets', data, 'pdf'), true);
    },
  );

  app.get(
    `${RUN}/timing-sheets.pdf`,
    signedIn('admin', {
      summary:
        'Blank timing sheets (PDF), a page per heat: lanes, names, boxes for the time, each infraction, DNF/DNS/DQ and initials',
      params: documentRunParamsSchema,
      querystring: orderVersionQuerySchema,
      response: pdfResponses,
    }),
    async (request, reply) => {
      const run = await documentRun(app.db, request.params.runId, true);
      const data = await startListData(app.db, run, orderVersion(request.query), true);
      return sendPdf(request, reply, { kind: 'timing-sheets', data }, runFileName('timing-sheets', data, 'pdf'), true);
    },
  );

  app.get(
    `${RUN}/results.pdf`,
    publicRoute(
      'pdf',
      "The run's results (PDF): standings, age categories, team standings. The public gets official results of a public, unheld run; admins also provisional ones, under a DRAFT watermark",
      { params: documentRunParamsSchema },
    ),
    async (request, reply) => {
      const admin = await callerIsAdmin(request);
      const document = await publicData(request, 'run-results', admin, async () =>
        runResultsData(app.db, await documentRun(app.db, request.params.runId, admin), admin),
      );
      return sendPdf(request, reply, document, runFileName('results', document.data, 'pdf'), admin);
    },
  );

  app.get(
    `${RUN}/results.csv`,
    publicRoute(
      'csv',
      "The run's results as CSV (UTF-8 with BOM, header row, CRLF); as results.pdf, what the caller may see",
      {
        params: documentRunParamsSchema,
      },
    ),
    async (request, reply) => {
      const admin = await callerIsAdmin(request);
      const data = await runResultsData(app.db, await documentRun(app.db, request.params.runId, admin), admin);
      return sendFile(reply, resultsCsv([data]), 'csv', runFileName('results', data, 'csv'), admin);
    },
  );

  app.get(
    `${RUN}/audit-trail.csv`,
    signedIn('admin', {
      summary:
        "The run's audit trail as CSV: one row per result event (entered, imported, penalties, corrections, validations, send-backs, voids) in the log's order, with when (UTC and local), who, the competitor, before and after, and the reason. Admins only",
      params: documentRunParamsSchema,
      response: csvResponses,
    }),
    async (request, reply) => {
      const run = await documentRun(app.db, request.params.runId, true);
      return sendFile(
        reply,
        auditTrailCsv(await runResultLog(app.db, run.id), app.config.siteTimeZone),
        'csv',
        runFileName('audit-trail', { eventName: run.eventName, runName: run.name }, 'csv'),
        true,
      );
    },
  );

  app.get(
    `${EVENT}/results-book.pdf`,
    publicRoute(
      'pdf',
      "The event's results book (PDF): a cover, contents, every run's results, a header and page x of y on every page. Official results of a public event for everyone; admins also provisional ones under a DRAFT watermark",
      { params: documentEventParamsSchema },
    ),
    async (request, reply) => {
      const admin = await callerIsAdmin(request);
      const document = await publicData(request, 'results-book', admin, async () =>
        resultsBookData(app.db, await documentEvent(app.db, request.params.eventId, admin), admin),
      );
      return sendPdf(request, reply, document, `results-book-${fileNamePart(document.data.eventName)}.pdf`, admin);
    },
  );

  app.get(
    `${EVENT}/results.csv`,
    publicRoute('csv', "Every run's results of the event as one CSV; as the results book, what the caller may see", {
      params: documentEventParamsSchema,
    }),
    async (request, reply) => {
      const admin = await callerIsAdmin(request);
      const event = await documentEvent(app.db, request.params.eventId, admin);
      const data = await resultsBookData(app.db, event, admin);
      return sendFile(reply, resultsCsv(data.runs), 'csv', `results-${fileNamePart(event.name)}.csv`, admin);
    },
  );
};
