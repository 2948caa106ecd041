/** The venue display's screens (/display/runs/{runId}, /display/events/{eventId}) render alone: no site header, footer or toasts. */
export function isDisplayPath(pathname: string): boolean {
  return /^\/display\/(runs|events)\/[^/]+\/?$/.test(pathname);
}
