import { z } from 'zod';

/**
 * A small HTTP client driven by the OpenAPI document alone: an operation is looked up by its
 * operationId, its URL built from the documented path and parameters, the bearer token sent only when
 * the operation's security asks for it, and every answer checked against the documented response
 * schema for its status. What a generated client would rely on, without generating one (docs/decisions/049).
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
  body: unknown;
}

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
      const text = await response.text();
      const documented =
        operation.responses[String(response.status)] ??
        operation.responses[`${String(response.status)[0]}XX`] ??
        operation.responses.default;
      if (!documented) throw new Error(`${operationId} answered ${response.status}, which the document does not list`);
      const schema = documented.content?.['application/json']?.schema;
      if (schema === undefined) return { status: response.status, body: text };
      const parsed = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]).safeParse(JSON.parse(text));
      if (!parsed.success) {
        throw new Error(
          `${operationId} answered ${response.status} with a body the document does not describe: ${z.prettifyError(parsed.error)}`,
        );
      }
      return { status: response.status, body: parsed.data };
    },
  };
}
