/**
 * Where to go after signing in (`/sign-in?redirect=...`): only a path of this site. Anything else
 * (another site, `//host`, `/\host`, `javascript:`, an auth page) falls back to the portal, so a link
 * cannot use the sign-in page to send someone elsewhere.
 */

export const DEFAULT_AFTER_SIGN_IN = '/portal';

/** Pages a signed-in person has no reason to land on after signing in. */
export const AUTH_PATHS: readonly string[] = [
  '/sign-in',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
];

const MAX_REDIRECT_LENGTH = 2_048;
const PROBE_ORIGIN = 'https://same-site.invalid';

/** The same-site path (with its query and hash) to go to, or undefined when `value` is not one. */
export function safeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '' || value.length > MAX_REDIRECT_LENGTH) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // Browsers drop tabs and newlines from URLs ('/\t/evil.example' is '//evil.example'); refuse all controls.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PROBE_ORIGIN) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  const pathname = url.pathname.replace(/\/+$/, '') || '/';
  if (AUTH_PATHS.includes(pathname)) return undefined;
  return path;
}

/** Where to go after signing in: the redirect when it is safe, else the portal. */
export function redirectTarget(value: unknown): string {
  return safeRedirectPath(value) ?? DEFAULT_AFTER_SIGN_IN;
}
