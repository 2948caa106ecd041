/** The venue display's screens (/display/runs/{runId}) render alone: no site header, footer or toasts. */
export function isDisplayPath(pathname: string): boolean {
  return /^\/display\/runs\/[^/]+\/?$/.test(pathname);
}
