/** Paths under /portal render the portal's own shell instead of the public header and footer. */
export function isPortalPath(pathname: string): boolean {
  return /^\/portal(?:\/|$)/.test(pathname);
}
