import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

export interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body built by hand (no client library): each part with its headers, then the closing boundary. */
export function multipart(parts: Part[]) {
  const boundary = `----test-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined)
      head += `; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`;
    chunks.push(
      Buffer.from(`${head}\r\n\r\n`),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A POST of these parts as multipart/form-data through the app, with the caller's headers. */
export function injectMultipart(app: FastifyInstance, url: string, headers: Record<string, string>, parts: Part[]) {
  const body = multipart(parts);
  return app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...headers, 'content-type': body.contentType },
  });
}

/** A busy picture (noise) of this size, so the encoders have something to encode. */
export function testImage(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: '#c0392b', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  });
}
