import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { openApiPlugin } from '../../plugins/openapi.ts';
import { documentRoutes } from './routes.ts';

/** What the downloads answer in (the integration tests check the answers' own headers). */
const PDF = 'application/pdf';
const CSV = 'text/csv; charset=utf-8';

interface Response {
  description?: string;
  content?: Record<string, { schema: Record<string, unknown> }>;
}
type Paths = Record<string, Record<string, { responses: Record<string, Response> }>>;

/** The OpenAPI document of the download routes alone: no database is needed to describe them. */
async function documentOfDownloads(): Promise<Paths> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', { publicUrl: 'https://portal.firefit.test' } as never);
  await app.register(openApiPlugin);
  await app.register(documentRoutes);
  await app.ready();
  const paths = (app.swagger() as unknown as { paths: Paths }).paths;
  await app.close();
  return paths;
}

describe('the downloads in the OpenAPI document (docs/decisions/040, 049)', () => {
  it('describe each file in the media type it is answered in, not as JSON: a PDF as binary, a CSV as text', async () => {
    const paths = await documentOfDownloads();
    const downloads = Object.keys(paths).filter((path) => path.startsWith('/api/documents/'));
    expect(downloads).toHaveLength(9);
    for (const path of downloads) {
      const ok = paths[path]?.get?.responses['200'];
      const pdf = path.endsWith('.pdf');
      expect(Object.keys(ok?.content ?? {}), path).toEqual([pdf ? PDF : CSV]);
      const schema = ok?.content?.[pdf ? PDF : CSV]?.schema;
      expect(schema, path).toMatchObject(pdf ? { type: 'string', format: 'binary' } : { type: 'string' });
      if (!pdf) expect(schema, path).not.toHaveProperty('format');
      expect(ok?.description, path).toBe(pdf ? 'The PDF file' : 'The CSV file');
      // A refusal is still the JSON error envelope.
      expect(Object.keys(paths[path]?.get?.responses['404']?.content ?? {}), path).toEqual(['application/json']);
    }
    expect(paths['/api/documents/run/{runId}/start-list.pdf']?.get?.responses['200']?.content).toEqual({
      'application/pdf': { schema: { type: 'string', format: 'binary', description: 'The PDF file' } },
    });
  });
});
