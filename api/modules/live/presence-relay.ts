/**
 * Presence between the sockets of this instance and the other instances (docs/decisions/018-live-protocol.md
 * "Presence across instances"): the hub tells it who joins, leaves and drags; it keeps the board
 * (presence.ts), sends each run's merged viewers to its admin sockets here when the list changed, and
 * exchanges this instance's viewers with the others through pg_notify on 'live_presence'. No I/O of its
 * own: it notifies and sends through its `PresenceOutput`.
 */
import type { Dragging, LiveServerMessage } from '../../contracts/live.ts';
import { PRESENCE_CHANNEL, PresenceBoard, parsePresenceMessage } from './presence.ts';

/** Another instance's viewers are forgotten after this many heartbeats without a re-announcement. */
const PRESENCE_TTL_HEARTBEATS = 3;

export interface PresenceOutput<C> {
  /** The sockets here that are shown the run's presence now; undefined when nobody follows the run here. */
  audience(runId: number): C[] | undefined;
  sendText(conn: C, text: string): void;
  /** pg_notify; never throws. */
  notify(channel: string, payload: object): Promise<void>;
}

export class PresenceRelay<C> {
  private readonly board: PresenceBoard<C>;
  /** The presence list last sent to this instance's viewers, per run: unchanged lists are not resent. */
  private readonly lastSent = new Map<number, string>();
  private seq = 0;
  private closing = false;

  constructor(
    private readonly instanceId: string,
    heartbeatMs: number,
    private readonly output: PresenceOutput<C>,
  ) {
    this.board = new PresenceBoard(heartbeatMs * PRESENCE_TTL_HEARTBEATS);
  }

  /** Learns the viewers the other instances already have. */
  async start(): Promise<void> {
    await this.output.notify(PRESENCE_CHANNEL, { instanceId: this.instanceId, sync: true });
  }

  /** Before the server stops: tells the other instances this instance's viewers are gone. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.board.localRuns().map((runId) => this.announce(runId, true)));
  }

  join(runId: number, conn: C, viewer: { userId: number; name: string }): void {
    if (this.board.join(runId, conn, viewer)) void this.announce(runId);
    this.broadcast(runId, conn);
  }

  leave(runId: number, conn: C): void {
    if (!this.board.leave(runId, conn)) return;
    void this.announce(runId);
    this.broadcast(runId);
  }

  /** False when the socket is not a viewer of the run. */
  drag(runId: number, conn: C, dragging: Dragging): boolean {
    const changed = this.board.drag(runId, conn, dragging);
    if (changed === undefined) return false;
    if (changed) {
      void this.announce(runId);
      this.broadcast(runId);
    }
    return true;
  }

  /** Nobody follows the run here any more. */
  forget(runId: number): void {
    this.lastSent.delete(runId);
  }

  /** Takes a 'live_presence' notification. */
  notified(payload: string): void {
    const message = parsePresenceMessage(payload);
    if (!message || message.instanceId === this.instanceId || this.closing) return;
    if ('sync' in message) {
      for (const runId of this.board.localRuns()) void this.announce(runId);
      return;
    }
    if (this.board.apply(message)) this.broadcast(message.runId);
  }

  /** Every heartbeat: re-announces this instance's viewers, forgets those of silent instances. */
  beat(): void {
    for (const runId of this.board.localRuns()) void this.announce(runId);
    for (const runId of this.board.expire()) this.broadcast(runId);
  }

  /** After the LISTEN connection came back: announces again, and asks the others to. */
  afterReconnect(): void {
    for (const runId of this.board.localRuns()) void this.announce(runId);
    void this.output.notify(PRESENCE_CHANNEL, { instanceId: this.instanceId, sync: true });
  }

  /** Sends the run's merged viewers to its admin sockets here when it changed (always to `also`). */
  private broadcast(runId: number, also?: C): void {
    const viewers = this.board.viewers(runId);
    const text = JSON.stringify({ type: 'presence', runId, viewers } satisfies LiveServerMessage);
    const audience = this.output.audience(runId);
    const unchanged = this.lastSent.get(runId) === text;
    const targets = (audience ?? []).filter((conn) => !unchanged || conn === also);
    if (targets.length === 0 && !audience) {
      this.lastSent.delete(runId);
      return;
    }
    this.lastSent.set(runId, text);
    for (const conn of targets) this.output.sendText(conn, text);
  }

  /** Tells the other instances who views the run here (an empty list when `gone`). */
  private async announce(runId: number, gone = false): Promise<void> {
    if (this.closing && !gone) return;
    this.seq += 1;
    let viewers = gone ? [] : this.board.localViewers(runId);
    // NOTIFY payloads stop at 8000 bytes; a board never has that many admins, but stay under it anyway.
    while (viewers.length > 0 && JSON.stringify(viewers).length > 7000) viewers = viewers.slice(0, -1);
    await this.output.notify(PRESENCE_CHANNEL, { instanceId: this.instanceId, runId, seq: this.seq, viewers });
  }
}
