/** Helpers for the auth unit tests: an in-memory Storage and a fetch stub answering by method and path. */
import type { SessionDto, UserDto } from '../../../api/contracts/accounts.ts';

export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  keys(): string[] {
    return [...this.items.keys()];
  }
}

export function testUser(overrides: Partial<UserDto> = {}): UserDto {
  return {
    id: 7,
    email: 'casey@firehall.example',
    firstName: 'Casey',
    lastName: 'Nguyen',
    role: 'user',
    isVerified: true,
    isActive: true,
    departmentId: null,
    departmentName: null,
    dateOfBirth: null,
    seedTimeMs: null,
    lastLoginAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function testSession(token: string, expiresInMs = 15 * 60_000, user: UserDto = testUser()): SessionDto {
  return { accessToken: token, tokenExpiresAt: new Date(Date.now() + expiresInMs).toISOString(), user };
}

export interface SeenRequest {
  method: string;
  url: string;
  authorization: string | null;
  body: unknown;
}

export type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
export type Route = (request: SeenRequest) => Reply | Promise<Reply>;

/** A fetch stand-in: routes keyed 'POST /api/auth/login' (the path without its query); everything seen is recorded. */
export function fetchStub(routes: Record<string, Route>) {
  const seen: SeenRequest[] = [];
  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    const request: SeenRequest = {
      method,
      url,
      authorization: headers.get('authorization'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    seen.push(request);
    const path = url.split('?')[0];
    const route = routes[`${method} ${path}`];
    const reply = route
      ? await route(request)
      : { status: 404, body: { statusCode: 404, message: 'Not Found', code: 'NOT_FOUND' } };
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  };
  return { fetch, seen, paths: () => seen.map((r) => `${r.method} ${r.url}`) };
}

export function errorBody(statusCode: number, code: string, message: string) {
  return { statusCode, error: 'Error', message, code, requestId: 'req-1' };
}
