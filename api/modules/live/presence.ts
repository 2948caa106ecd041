/**
 * Who is looking at which run-order board, across every API instance (docs/decisions/018-live-protocol.md).
 * Pure bookkeeping, no I/O: the live hub feeds it local joins, leaves and drags, and the presence
 * announcements of other instances (pg_notify on 'live_presence'), and asks it for the merged list.
 */
import type { Dragging, PresenceViewer } from '../../contracts/live.ts';

/** The pg_notify channel the instances exchange their viewers on. */
export const PRESENCE_CHANNEL = 'live_presence';

/** One instance's announcement of its own viewers of one run (the payload of a 'live_presence' notification). */
export interface PresenceAnnouncement {
  instanceId: string;
  runId: number;
  /** Increases with every announcement of the instance: a late, older one is ignored. */
  seq: number;
  viewers: PresenceViewer[];
}

/** Asks every other instance to announce all its viewers again (sent by an instance that just started). */
export interface PresenceSyncRequest {
  instanceId: string;
  sync: true;
}

export type PresenceMessage = PresenceAnnouncement | PresenceSyncRequest;

interface RemoteEntry {
  seq: number;
  viewers: PresenceViewer[];
  expiresAt: number;
}

/** Parses a 'live_presence' payload; undefined when it is not one. */
export function parsePresenceMessage(payload: string): PresenceMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.instanceId !== 'string') return undefined;
  if (v.sync === true) return { instanceId: v.instanceId, sync: true };
  if (typeof v.runId !== 'number' || typeof v.seq !== 'number' || !Array.isArray(v.viewers)) return undefined;
  const viewers: PresenceViewer[] = [];
  for (const item of v.viewers as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const viewer = item as Record<string, unknown>;
    if (typeof viewer.userId !== 'number' || typeof viewer.name !== 'string') continue;
    viewers.push({ userId: viewer.userId, name: viewer.name, dragging: normaliseDragging(viewer.dragging) });
  }
  return { instanceId: v.instanceId, runId: v.runId, seq: v.seq, viewers };
}

function normaliseDragging(value: unknown): Dragging {
  if (!value || typeof value !== 'object') return null;
  const d = value as Record<string, unknown>;
  if ((d.kind === 'position' || d.kind === 'heat') && typeof d.number === 'number')
    return { kind: d.kind, number: d.number };
  return null;
}

/** One viewer per user (an admin with two tabs open is one viewer), sorted by name. */
export function mergeViewers(lists: Iterable<readonly PresenceViewer[]>): PresenceViewer[] {
  const byUser = new Map<number, PresenceViewer>();
  for (const list of lists) {
    for (const viewer of list) {
      const seen = byUser.get(viewer.userId);
      // A tab that drags wins over an idle one of the same user.
      if (!seen || (seen.dragging === null && viewer.dragging !== null)) byUser.set(viewer.userId, { ...viewer });
    }
  }
  return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name) || a.userId - b.userId);
}

/**
 * Local viewers are keyed by whatever identifies a socket (K); remote ones by instance, each with an
 * expiry that the owner's periodic re-announcement pushes forward, so a dead instance's viewers vanish.
 */
export class PresenceBoard<K> {
  private readonly local = new Map<number, Map<K, PresenceViewer>>();
  private readonly remote = new Map<number, Map<string, RemoteEntry>>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Adds or updates a local viewer (keeping what it drags). True when the run's local list changed. */
  join(runId: number, key: K, viewer: { userId: number; name: string }): boolean {
    let viewers = this.local.get(runId);
    if (!viewers) {
      viewers = new Map();
      this.local.set(runId, viewers);
    }
    const seen = viewers.get(key);
    if (seen && seen.userId === viewer.userId && seen.name === viewer.name) return false;
    viewers.set(key, {
      userId: viewer.userId,
      name: viewer.name,
      dragging: seen && seen.userId === viewer.userId ? seen.dragging : null,
    });
    return true;
  }

  /** True when the viewer was there. */
  leave(runId: number, key: K): boolean {
    const viewers = this.local.get(runId);
    if (!viewers?.delete(key)) return false;
    if (viewers.size === 0) this.local.delete(runId);
    return true;
  }

  /** Undefined when the key is not a viewer of the run; else whether what it drags changed. */
  drag(runId: number, key: K, dragging: Dragging): boolean | undefined {
    const viewer = this.local.get(runId)?.get(key);
    if (!viewer) return undefined;
    if (sameDragging(viewer.dragging, dragging)) return false;
    viewer.dragging = dragging ? { ...dragging } : null;
    return true;
  }

  isViewer(runId: number, key: K): boolean {
    return this.local.get(runId)?.has(key) ?? false;
  }

  localViewers(runId: number): PresenceViewer[] {
    return mergeViewers([[...(this.local.get(runId)?.values() ?? [])]]);
  }

  localRuns(): number[] {
    return [...this.local.keys()];
  }

  /** Takes another instance's announcement. True when that instance's list for the run changed. */
  apply(announcement: PresenceAnnouncement): boolean {
    const { runId, instanceId, seq } = announcement;
    let instances = this.remote.get(runId);
    const seen = instances?.get(instanceId);
    if (seen && seq <= seen.seq) return false;
    const changed = JSON.stringify(seen?.viewers ?? []) !== JSON.stringify(announcement.viewers);
    if (announcement.viewers.length === 0) {
      instances?.delete(instanceId);
      if (instances?.size === 0) this.remote.delete(runId);
      return changed;
    }
    if (!instances) {
      instances = new Map();
      this.remote.set(runId, instances);
    }
    instances.set(instanceId, { seq, viewers: announcement.viewers, expiresAt: this.now() + this.ttlMs });
    return changed;
  }

  /** Drops the lists of instances that stopped announcing; returns the runs whose merged list changed. */
  expire(): number[] {
    const now = this.now();
    const changed: number[] = [];
    for (const [runId, instances] of this.remote) {
      let dropped = false;
      for (const [instanceId, entry] of instances) {
        if (entry.expiresAt <= now) {
          instances.delete(instanceId);
          dropped = true;
        }
      }
      if (instances.size === 0) this.remote.delete(runId);
      if (dropped) changed.push(runId);
    }
    return changed;
  }

  /** Everyone viewing the run, on this instance and on the others. */
  viewers(runId: number): PresenceViewer[] {
    const lists: PresenceViewer[][] = [[...(this.local.get(runId)?.values() ?? [])]];
    for (const entry of this.remote.get(runId)?.values() ?? []) lists.push(entry.viewers);
    return mergeViewers(lists);
  }
}

function sameDragging(a: Dragging, b: Dragging): boolean {
  if (a === null || b === null) return a === b;
  return a.kind === b.kind && a.number === b.number;
}
