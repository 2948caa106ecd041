import { z } from 'zod';

/**
 * A small HTTP client driven by the OpenAPI document alone: an operation is looked up by its
 * operationId, its URL built from the documented path and parameters, the bearer token sent only when
 * the operation's security asks for it, and every answer checked against the document: its content type
 * must be one the document lists for its status, and its body match that media type's schema (JSON
 * parsed, text as a string, a binary file as bytes). What a generated client would rely on, without
 * generating one (docs/decisions/049).
 */

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
export interface OpenApiDocument {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
}

export interface CallInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** A bearer token, sent when the operation declares a security requirement. */
  token?: string;
}

export interface CallResult {
  status: number;
  /** The answer's content-type header, null without one. */
  contentType: string | null;
  /** Parsed JSON, a string for text, the bytes (Uint8Array) of a binary file. */
  body: unknown;
}

/** "text/csv; charset=utf-8" as its type and its parameters, lowercased, for comparing. */
function mediaType(value: string): { essence: string; parameters: string[] } {
  const [essence = '', ...parameters] = value.split(';').map((part) => part.trim().toLowerCase());
  return { essence, parameters: parameters.filter(Boolean) };
}

/** Whether an answer's content type is the documented one: the same type, with every parameter the document names. */
function isMediaType(documented: string, answered: string): boolean {
  const want = mediaType(documented);
  const got = mediaType(answered);
  return want.essence === got.essence && want.parameters.every((p) => got.parameters.includes(p));
}

/** Text as the server wrote it: a CSV's byte-order mark is part of the file. */
const decode = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
const isJson = (essence: string) => essence === 'application/json' || essence.endsWith('+json');
const isBinary = (schema: unknown) => (schema as { format?: unknown } | undefined)?.format === 'binary';

export function openApiClient(doc: OpenApiDocument, baseUrl: string) {
  const operations = new Map<string, { method: string; path: string; operation: Operation }>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      operations.set(operation.operationId, { method: method.toUpperCase(), path, operation });
    }
  }

  return {
    async call(operationId: string, input: CallInput = {}): Promise<CallResult> {
      const found = operations.get(operationId);
      if (!found) throw new Error(`No operation ${operationId} in the document`);
      const { method, path, operation } = found;
      const declared = (where: Parameter['in']) => (operation.parameters ?? []).filter((p) => p.in === where);

      const pathParams = declared('path');
      for (const name of Object.keys(input.params ?? {})) {
        if (!pathParams.some((p) => p.name === name)) throw new Error(`${operationId} has no path parameter ${name}`);
      }
      const url = new URL(
        path.replace(/\{(\w+)\}/g, (_, name: string) => {
          const value = input.params?.[name];
          if (value === undefined) throw new Error(`${operationId} needs the path parameter ${name}`);
          return encodeURIComponent(String(value));
        }),
        baseUrl,
      );
      const queryParams = declared('query');
      for (const [name, value] of Object.entries(input.query ?? {})) {
        if (!queryParams.some((p) => p.name === name)) throw new Error(`${operationId} has no query parameter ${name}`);
        url.searchParams.set(name, String(value));
      }

      const headers: Record<string, string> = {};
      if ((operation.security ?? []).some((requirement) => 'bearer' in requirement) && input.token) {
        headers.authorization = `Bearer ${input.token}`;
      }
      let body: string | undefined;
      if (input.body !== undefined) {
        if (!operation.requestBody?.content['application/json']) throw new Error(`${operationId} takes no JSON body`);
        headers['content-type'] = 'application/json';
        body = JSON.stringify(input.body);
      }

      const response = await fetch(url, { method, headers, body });
      const bytes = new Uint8Array(await response.arrayBuffer());
      const contentType = response.headers.get('content-type');
      const status = response.status;
      const documented =
        operation.responses[String(status)] ??
        operation.responses[`${String(status)[0]}XX`] ??
        operation.responses.default;
      if (!documented) throw new Error(`${operationId} answered ${status}, which the document does not list`);
      const content = documented.content;
      // An answer documented without content (a 204) has no body to check.
      if (content === undefined) return { status, contentType, body: decode(bytes) };
      const listed = Object.keys(content);
      const media = contentType === null ? undefined : listed.find((m) => isMediaType(m, contentType));
      if (media === undefined) {
        throw new Error(
          `${operationId} answered ${status} in ${contentType ?? 'no content type'}, which the document does not list (${listed.join(', ')})`,
        );
      }
      const schema = content[media]?.schema;
      const essence = mediaType(media).essence;
      // What a generated client hands over: parsed JSON, the bytes of a binary file, text as a string.
      const value = isJson(essence)
        ? JSON.parse(decode(bytes))
        : isBinary(schema) || !essence.startsWith('text/')
          ? bytes
          : decode(bytes);
      if (schema === undefined) return { status, contentType, body: value };
      // A binary string's schema is checked on the bytes as a string of their values.
      const checked = value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : value;
      const parsed = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]).safeParse(checked);
      if (!parsed.success) {
        throw new Error(
          `${operationId} answered ${status} with a body the document does not describe: ${z.prettifyError(parsed.error)}`,
        );
      }
      return { status, contentType, body: value instanceof Uint8Array ? value : parsed.data };
    },
  };
}
