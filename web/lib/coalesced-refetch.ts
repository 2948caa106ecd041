/**
 * Reads the view at once on a change; changes arriving while a read is on its way cause one more read
 * after it, never more: as quick as the board on a single change, one read per burst beyond that.
 * (A 150 ms debounce made the venue display trail the board by that much on every change.) The venue
 * display, the event-wide screen, start lists and the timing table's views re-read this way.
 */
export function coalescedRefetch(read: () => Promise<unknown>): () => void {
  let running = false;
  let again = false;
  const run = async (): Promise<void> => {
    running = true;
    do {
      again = false;
      try {
        await read();
      } catch {
        // The query shows its own error; the next change or the poll reads again.
      }
    } while (again);
    running = false;
  };
  return () => {
    if (running) again = true;
    else void run();
  };
}
