import type { User } from '../../api/db/schema.ts';
import { callAs, type Method, type TestApp } from './app.ts';

/** Who makes a call: a signed-in account, or undefined for an anonymous one. */
export type Caller = Pick<User, 'id' | 'role'> | undefined;

/**
 * A test file's database and its calls through the real app (see callAs), for the TestApp its beforeAll
 * makes: read through `testApp` at each use.
 */
export function callsOn(testApp: () => TestApp) {
  return {
    db: () => testApp().database.db,
    call: (method: Method, url: string, caller?: Caller, payload?: unknown) =>
      callAs(testApp().app, method, url, caller, payload),
  };
}
