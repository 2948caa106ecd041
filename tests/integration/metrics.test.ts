import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, callAs, createTestApp, type TestApp } from '../support/app.ts';
import { insertEvent, insertRun, insertUser } from '../support/factories.ts';
import { LiveTestClient, liveUrl } from '../support/live-client.ts';

/** Prometheus metrics at /api/metrics (decision 050): off without METRICS_TOKEN, behind it otherwise. */

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';

/** The value of one sample line (`name{labels} value`), or undefined when the line is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('without METRICS_TOKEN', () => {
  it('has no metrics route at all', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(t.app.routeTable.some((r) => r.url === '/api/metrics')).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('with METRICS_TOKEN', () => {
  let t: TestApp;
  const scrape = () => t.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  it("refuses a scrape without the token, with a wrong one, or with a signed-in user's token", async () => {
    const user = await insertUser(t.database.db, { role: 'super-admin' });
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}x` }, { authorization: TOKEN }, bearer(t.app, user)]) {
      const res = await t.app.inject({ url: '/api/metrics', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      expect(res.body).not.toContain('process_resident_memory_bytes');
    }
  });

  it('counts and times requests by route pattern, method and status, and reports process memory', async () => {
    const event = await insertEvent(t.database.db);
    for (let i = 0; i < 3; i++) expect((await t.app.inject(`/api/events/${event.id}`)).statusCode).toBe(200);
    expect((await t.app.inject('/api/events/999999')).statusCode).toBe(404);

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    const route = 'method="GET",route="/api/events/:id"';
    expect(sample(text, `http_request_duration_seconds_count{${route},status_code="200"}`)).toBe(3);
    expect(sample(text, `http_request_duration_seconds_count{${route},status_code="404"}`)).toBe(1);
    expect(sample(text, `http_request_duration_seconds_bucket{le="+Inf",${route},status_code="200"}`)).toBe(3);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    // The scrapes themselves are not counted.
    expect(text).not.toContain('route="/api/metrics"');
  });

  it('reports open live sockets and the events this instance appended', async () => {
    const admin = await insertUser(t.database.db, { role: 'admin' });
    const run = await insertRun(t.database.db, (await insertEvent(t.database.db)).id);
    const created = await callAs(t.app, 'POST', `/api/run-orders/run/${run.id}/create-empty`, admin, {
      expectedVersion: 0,
    });
    expect(created.statusCode, created.body).toBe(200);

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const sockets = await Promise.all([LiveTestClient.connect(liveUrl(t.app)), LiveTestClient.connect(liveUrl(t.app))]);
    try {
      const text = (await scrape()).body;
      expect(sample(text, 'firefit_live_sockets')).toBe(2);
      expect(sample(text, 'firefit_live_sockets_congested')).toBe(0);
      expect(sample(text, 'firefit_events_appended_total{stream_type="run-order"}')).toBe(1);
    } finally {
      for (const socket of sockets) socket.close();
      await Promise.all(sockets.map((s) => s.waitForClose()));
    }
  });

  it('declares no series that stays empty, and says what the instance runs (decision 077)', async () => {
    const text = (await scrape()).body;
    // fastify-metrics' summary is off (percentiles do not add up across instances, decision 050).
    expect(text).not.toContain('http_request_summary_seconds');
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    // From the sources there is no build, so no commit; the built server's is checked in tests/processes.
    expect(
      sample(text, `firefit_build_info{version="${version}",commit="unknown",node="${process.versions.node}"}`),
    ).toBe(1);
  });

  it("reports the LISTEN connection, the log's latest event and the last one the live hub heard of", async () => {
    const admin = await insertUser(t.database.db, { role: 'admin' });
    const run = await insertRun(t.database.db, (await insertEvent(t.database.db)).id);
    const created = await callAs(t.app, 'POST', `/api/run-orders/run/${run.id}/create-empty`, admin, {
      expectedVersion: 0,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { rows } = await sql<{ position: string }>`select max(global_position) as position from event_log`.execute(
      t.database.db,
    );
    const latest = Number(rows[0]?.position);
    expect(latest).toBeGreaterThan(0);

    let text = (await scrape()).body;
    expect(sample(text, 'firefit_live_listen_connected')).toBe(1);
    expect(sample(text, 'firefit_live_listen_reconnects')).toBe(0);
    expect(sample(text, 'firefit_event_log_position')).toBe(latest);
    // The notification arrives after the commit, on the LISTEN connection.
    await expect.poll(async () => sample((await scrape()).body, 'firefit_live_last_event_position')).toBe(latest);

    if (t.database.kind !== 'postgres') return; // PGlite notifies in-process: there is no connection to lose
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'firefit-live-hub' and datname = current_database()`.execute(t.database.db);
    await expect
      .poll(async () => sample((await scrape()).body, 'firefit_live_listen_reconnects'), { timeout: 30_000 })
      .toBe(1);
    text = (await scrape()).body;
    expect(sample(text, 'firefit_live_listen_connected')).toBe(1);
  });

  it('reports the database pool on a server, and no pool on the embedded database', async () => {
    const text = (await scrape()).body;
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'firefit_database_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'firefit_database_pool_connections{state="waiting"}')).toBe(0);
      expect(sample(text, 'firefit_database_pool_max_connections')).toBeGreaterThanOrEqual(1);
    } else {
      expect(text).not.toContain('firefit_database_pool');
    }
  });
});
