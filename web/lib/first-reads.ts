/**
 * The public reads the server put into the page with its HTML (docs/decisions/057): the answer of a
 * GET by its address ('/api/events/upcoming?limit=10'). Each serves the first call for its address,
 * and only while it is fresh; every later call asks the network as before.
 */
const SCRIPT_ID = 'first-reads';
/** As old as a public answer a browser may keep anyway (decision 007's Cache-Control). */
const FRESH_FOR_MS = 30_000;

let reads: Map<string, unknown> | undefined;

function load(): Map<string, unknown> {
  const found = new Map<string, unknown>();
  const script = typeof document === 'undefined' ? null : document.getElementById(SCRIPT_ID);
  try {
    if (script?.textContent)
      for (const [url, body] of Object.entries(JSON.parse(script.textContent))) found.set(url, body);
  } catch {
    // A damaged script only costs the requests it would have saved.
  }
  script?.remove();
  return found;
}

/** The page's answer for this address, once; undefined when there is none (or no longer a fresh one). */
export function takeFirstRead(url: string): { body: unknown } | undefined {
  reads ??= load();
  if (!reads.has(url)) return undefined;
  const body = reads.get(url);
  reads.delete(url);
  // The page was made when it was asked for: its answers are as old as the time since navigation.
  return performance.now() <= FRESH_FOR_MS ? { body } : undefined;
}
