import type { RecordedEvent } from '../../event-store/store.ts';

/**
 * Catch-up reads shared by every socket that asks (docs/decisions/071-live-access-and-bounded-work.md):
 * the last read of each stream served here is kept until a notification says the stream moved on, so a
 * hundred phones that subscribe to the same run one after the other cost one read of the log, not a
 * hundred. Once the stream moved on, the next read asks the log only for what follows what is kept. A
 * read that was running when the stream moved on is handed to those already waiting for it, never kept
 * (a generation per stream), and a read that asks from before what is kept goes to the log.
 */
export class SharedReads {
  private readonly kept = new Map<string, Kept>();
  private readonly generations = new Map<string, number>();
  private readonly running = new Map<string, Promise<RecordedEvent[]>>();
  /** Bumped when every stream may have moved on unannounced (the notification connection came back). */
  private epoch = 0;
  /** Reads sent to the log (a figure for stats and the benchmark). */
  reads = 0;

  constructor(private readonly load: (streamId: string, fromVersion: number) => Promise<RecordedEvent[]>) {}

  /** The stream's events after fromVersion, in order. */
  async read(streamId: string, fromVersion: number): Promise<RecordedEvent[]> {
    const generation = this.generation(streamId);
    const kept = this.kept.get(streamId);
    const base = kept && kept.from <= fromVersion ? kept : undefined;
    if (base?.generation === generation) return after(base.events, fromVersion);
    // What is kept is history (the log only grows): only what follows it is read, and the whole kept.
    const start = base ? base.from : fromVersion;
    const readFrom = base ? (base.events.at(-1)?.version ?? base.from) : fromVersion;
    const key = `${generation}|${start}|${readFrom}|${streamId}`;
    let pending = this.running.get(key);
    if (!pending) {
      this.reads += 1;
      pending = this.load(streamId, readFrom)
        .then((tail) => {
          const events = base ? base.events.concat(tail) : tail;
          const current = this.kept.get(streamId);
          const fresher = !current || current.generation !== generation || start < current.from;
          if (this.generation(streamId) === generation && fresher)
            this.kept.set(streamId, { from: start, events, generation });
          return events;
        })
        .finally(() => this.running.delete(key));
      this.running.set(key, pending);
    }
    return after(await pending, fromVersion);
  }

  /** The stream's last version when a read from its start is kept and current; undefined otherwise. */
  version(streamId: string): number | undefined {
    const kept = this.kept.get(streamId);
    if (kept?.from !== 0 || kept.generation !== this.generation(streamId)) return undefined;
    return kept.events.at(-1)?.version ?? 0;
  }

  /** A notification said the stream has a new version: what is kept is read on from where it ends. */
  moved(streamId: string): void {
    this.generations.set(streamId, (this.generations.get(streamId) ?? 0) + 1);
  }

  /** No one here follows the stream any more. */
  forget(streamId: string): void {
    // Its generation stays: a read still running from before must not be kept if it follows again.
    this.kept.delete(streamId);
  }

  /** Notifications may have been lost: what is kept is read on before it serves again. */
  clear(): void {
    this.epoch += 1;
  }

  private generation(streamId: string): string {
    return `${this.epoch}.${this.generations.get(streamId) ?? 0}`;
  }
}

interface Kept {
  from: number;
  events: RecordedEvent[];
  /** The stream's generation when it was read: another one means it may have moved on since. */
  generation: string;
}

/** The events after a version (events in order). */
function after(events: RecordedEvent[], fromVersion: number): RecordedEvent[] {
  const index = events.findIndex((e) => e.version > fromVersion);
  return index === -1 ? [] : index === 0 ? events : events.slice(index);
}

/**
 * Calls with the same key while one is running share its answer; with keepMs, an answer is also kept
 * that long after it came (an error never is).
 */
export class SingleFlight<T> {
  private readonly running = new Map<string, Promise<T>>();
  private readonly kept = new Map<string, { answer: T; until: number }>();

  run(key: string, call: () => Promise<T>, keepMs = 0): Promise<T> {
    const kept = this.kept.get(key);
    if (kept && kept.until > Date.now()) return Promise.resolve(kept.answer);
    if (kept) this.kept.delete(key);
    let pending = this.running.get(key);
    if (!pending) {
      pending = call()
        .then((answer) => {
          if (keepMs > 0) this.kept.set(key, { answer, until: Date.now() + keepMs });
          return answer;
        })
        .finally(() => this.running.delete(key));
      this.running.set(key, pending);
    }
    return pending;
  }

  /** Drops the answers kept past their time (called now and then, so the map stays small). */
  sweep(): void {
    const now = Date.now();
    for (const [key, kept] of this.kept) if (kept.until <= now) this.kept.delete(key);
  }
}
