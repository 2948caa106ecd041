import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorEnvelope, FieldProblem } from '../contracts/common.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { DomainError } from '../domain/errors.ts';

export function envelope(
  request: FastifyRequest,
  statusCode: number,
  code: string,
  message: string,
  details?: unknown,
): ErrorEnvelope {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    code,
    ...(details === undefined ? {} : { details }),
    requestId: String(request.id),
  };
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  code: string,
  message: string,
  details?: unknown,
) {
  return reply
    .status(statusCode)
    .type('application/json; charset=utf-8')
    .send(envelope(request, statusCode, code, message, details));
}

function validationProblems(error: FastifyError & { validation: unknown[] }): FieldProblem[] {
  const where = error.validationContext ?? 'request';
  return (
    error.validation as Array<{
      instancePath?: string;
      message?: string;
      params?: { issue?: { path?: PropertyKey[] } };
    }>
  ).map((v) => {
    const issuePath = v.params?.issue?.path;
    const pathText = issuePath?.length
      ? issuePath.map(String).join('.')
      : (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    return { field: pathText ? `${where}.${pathText}` : where, message: v.message ?? 'is invalid' };
  });
}

/** What a 503 DATABASE_UNAVAILABLE suggests to the client, in seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Turns every error into the one envelope; a 5xx is logged with its request id and never leaks internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      // Every 429 says when to try again, a rule's as well as a rate limit's.
      if (reply.getHeader('retry-after') === undefined) {
        const retryAfter = (error.details as { retryAfter?: unknown } | undefined)?.retryAfter;
        if (typeof retryAfter === 'number' && (error.statusCode === 429 || error.statusCode === 503))
          reply.header('retry-after', String(retryAfter));
        else if (error.statusCode === 429) reply.header('retry-after', '60');
      }
      return sendError(request, reply, error.statusCode, error.code, error.message, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const problems = validationProblems(error);
      const summary = problems.map((p) => `${p.field} ${p.message}`).join('; ');
      return sendError(request, reply, 400, 'VALIDATION_FAILED', `Invalid request: ${summary}`, problems);
    }
    if (isDatabaseUnavailable(error)) {
      // A lost or unobtainable connection: worth retrying, never a crash (decision 024).
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(
        request,
        reply,
        503,
        'DATABASE_UNAVAILABLE',
        'The database is not answering at the moment. Please try again shortly.',
      );
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return sendError(request, reply, 500, 'INTERNAL_ERROR', 'An unexpected error occurred.');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429 && reply.getHeader('retry-after') === undefined) reply.header('retry-after', '60');
      return sendError(request, reply, status, error.code ?? STATUS_CODES[status] ?? 'BAD_REQUEST', error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(
      request,
      reply,
      status >= 500 && status < 600 ? status : 500,
      'INTERNAL_ERROR',
      'An unexpected error occurred.',
    );
  });
});
