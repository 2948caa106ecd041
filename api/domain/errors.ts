/**
 * A broken rule or a refused request, thrown by domain rules and services and turned into the
 * one error envelope by the errors plugin. Pure: no Fastify, so the browser can use it too.
 */
export class DomainError extends Error {
  override name = 'DomainError';
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const notFound = (what: string, code = 'NOT_FOUND') => new DomainError(404, code, `${what} not found`);
export const conflict = (code: string, message: string, details?: unknown) =>
  new DomainError(409, code, message, details);
export const ruleBroken = (code: string, message: string, details?: unknown) =>
  new DomainError(422, code, message, details);
export const badRequest = (code: string, message: string, details?: unknown) =>
  new DomainError(400, code, message, details);
