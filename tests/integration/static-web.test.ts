import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { insertAnnouncement } from '../support/factories.ts';

/** A built web app with the source maps a build leaves beside its bundles. */
function builtWebRoot(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'ff-web-maps-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>FireFit</title><div id="root"></div>');
  writeFileSync(path.join(root, 'assets', 'main-abc123.js'), 'console.log("hi")');
  writeFileSync(path.join(root, 'assets', 'main-abc123.js.map'), '{"version":3,"sources":["../web/main.tsx"]}');
  writeFileSync(path.join(root, 'assets', 'main-abc123.css.MAP'), '{"version":3}');
  return root;
}

describe('source maps of the web app (decision 025)', () => {
  let production: TestApp;
  let development: TestApp;
  beforeAll(async () => {
    const webRoot = builtWebRoot();
    production = await createTestApp({ webRoot, env: { NODE_ENV: 'production' } });
    development = await createTestApp({ webRoot, env: { NODE_ENV: 'development' } });
  });
  afterAll(async () => {
    await production?.close();
    await development?.close();
  });

  it('are 404 in production, in any spelling, while the bundles are served', async () => {
    const bundle = await production.app.inject('/assets/main-abc123.js');
    expect(bundle.statusCode).toBe(200);
    for (const url of [
      '/assets/main-abc123.js.map',
      '/assets/main-abc123.js.map?v=1',
      '/assets/main-abc123.js%2Emap',
      '/assets/main-abc123.css.MAP',
      '/assets/../assets/main-abc123.js.map',
    ]) {
      const res = await production.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('sources');
    }
  });

  it('are served in development, where they help', async () => {
    const map = await development.app.inject('/assets/main-abc123.js.map');
    expect(map.statusCode).toBe(200);
    expect(map.body).toContain('sources');
  });
});

describe('precompressed assets (decision 053)', () => {
  let t: TestApp;
  const script = `console.log(${JSON.stringify('firefighters '.repeat(200))});`;
  beforeAll(async () => {
    const webRoot = builtWebRoot();
    // As the build leaves them: the compressed copies beside the asset.
    const file = path.join(webRoot, 'assets', 'big-abc123.js');
    writeFileSync(file, script);
    writeFileSync(`${file}.br`, brotliCompressSync(script));
    writeFileSync(`${file}.gz`, gzipSync(script));
    t = await createTestApp({ webRoot, env: { NODE_ENV: 'production' } });
  });
  afterAll(() => t?.close());

  it('are sent as brotli or gzip per Accept-Encoding, the same bytes once decompressed', async () => {
    const url = '/assets/big-abc123.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});

describe("a public page's head (decision 057)", () => {
  let t: TestApp;
  beforeAll(async () => {
    const webRoot = builtWebRoot();
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><title>FireFit</title></head><body><div id="root"></div></body></html>',
    );
    mkdirSync(path.join(webRoot, '.vite'));
    writeFileSync(
      path.join(webRoot, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/main-abc123.js', isEntry: true },
        'routes/announcements/$id.tsx?tsr-split=component': {
          file: 'assets/announcement-def456.js',
          imports: ['index.html', '_icon-789.js'],
        },
        '_icon-789.js': { file: 'assets/icon-789.js' },
      }),
    );
    t = await createTestApp({ webRoot });
  });
  afterAll(() => t?.close());

  it("carries the page's first reads, escaped, and its route's chunks; the manifest itself is not served", async () => {
    const news = await insertAnnouncement(t.database.db, { title: 'Closing </script><script>alert(1)</script> tags' });
    const page = await t.app.inject(`/announcements/${news.id}`);
    expect(page.statusCode).toBe(200);
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/announcement-def456.js"><link rel="modulepreload" crossorigin href="/assets/icon-789.js">',
    );
    const script = /<script type="application\/json" id="first-reads">(.*?)<\/script>/s.exec(head)?.[1] ?? '';
    // Nothing inside can close the script; read as JSON it is the API's own answer.
    expect(script).not.toContain('<');
    const api = await t.app.inject(`/api/announcements/${news.id}`);
    expect(JSON.parse(script)).toEqual({ [`/api/announcements/${news.id}`]: api.json() });
    expect((await t.app.inject('/.vite/manifest.json')).statusCode).toBe(404);
  });

  it('leaves out what is not a 200, and adds nothing to a page that is not public', async () => {
    const missing = await t.app.inject('/announcements/999999');
    expect(missing.body).not.toContain('first-reads');
    const signIn = await t.app.inject('/sign-in');
    expect(signIn.body).toBe(
      '<!doctype html><html><head><title>FireFit</title></head><body><div id="root"></div></body></html>',
    );
  });
});
