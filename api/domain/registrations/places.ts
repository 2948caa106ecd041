/**
 * The run's places across its registration streams. Whatever the command, the result keeps:
 * - no more confirmed than the limit, except that lowering the limit never removes anyone (nobody is
 *   promoted until the run is below its limit again);
 * - waitlist positions 1..n without gaps, in the order people joined unless an admin moved them;
 * - nobody waiting while a place is free (the first waitlisted is promoted whenever a place frees up).
 */
import type { RegistrationEvent, RegistrationStatus } from './events.ts';

export interface WaitlistEntry {
  id: number;
  position: number;
}

/** The run's places as the read model has them (registrations that are not deleted). */
export interface RunPlaces {
  limit: number;
  /** How many registrations hold a confirmed place. */
  confirmed: number;
  /** The waitlisted registrations, by position. */
  waitlist: readonly WaitlistEntry[];
}

/** The events for one stream. */
export interface StreamChange {
  id: number;
  events: RegistrationEvent[];
}

/** The run's places while a command is decided: what changes, and the events that say so. */
export class PlacesPlan {
  private readonly limit: number;
  private confirmed: number;
  /** Waitlisted ids in their new order. */
  readonly order: number[];
  /** The waitlist position each stream will have stored once its own events so far are applied. */
  private readonly stored = new Map<number, number | null>();
  private readonly changes = new Map<number, RegistrationEvent[]>();

  constructor(places: RunPlaces, targetId?: number) {
    this.limit = places.limit;
    this.confirmed = places.confirmed;
    const sorted = [...places.waitlist].sort((a, b) => a.position - b.position || a.id - b.id);
    this.order = sorted.map((e) => e.id);
    for (const e of sorted) this.stored.set(e.id, e.position);
    // The command's own stream first, so its events are appended first.
    if (targetId !== undefined) this.changes.set(targetId, []);
  }

  get hasFreePlace(): boolean {
    return this.confirmed < this.limit;
  }

  get waitlistLength(): number {
    return this.order.length;
  }

  isWaitlisted(id: number): boolean {
    return this.order.includes(id);
  }

  storedPosition(id: number): number {
    return this.stored.get(id) ?? this.order.indexOf(id) + 1;
  }

  add(id: number, event: RegistrationEvent): void {
    const list = this.changes.get(id);
    if (list) list.push(event);
    else this.changes.set(id, [event]);
  }

  /** The registration leaves its place or its waitlist position (cancelled, deleted). */
  release(id: number, status: RegistrationStatus): void {
    const index = this.order.indexOf(id);
    if (index >= 0) {
      this.order.splice(index, 1);
      this.stored.delete(id);
    } else if (status === 'confirmed') {
      this.confirmed -= 1;
    }
  }

  /** A registration takes a confirmed place (its event says how). */
  takePlace(): void {
    this.confirmed += 1;
  }

  /** A registration joins the end of the waitlist at the position its own event records. */
  joinWaitlist(id: number): number {
    this.order.push(id);
    const position = this.order.length;
    this.stored.set(id, position);
    return position;
  }

  promote(id: number): void {
    const index = this.order.indexOf(id);
    if (index < 0) return;
    this.add(id, { type: 'PromotedFromWaitlist', data: { fromPosition: this.storedPosition(id) } });
    this.order.splice(index, 1);
    this.stored.delete(id);
    this.confirmed += 1;
  }

  /** While places are free and people wait, the first in line moves up. */
  settle(): void {
    while (this.hasFreePlace && this.order.length > 0) this.promote(this.order[0] as number);
  }

  move(id: number, position: number): void {
    const from = this.storedPosition(id);
    this.order.splice(this.order.indexOf(id), 1);
    this.order.splice(position - 1, 0, id);
    this.add(id, { type: 'WaitlistPositionChanged', data: { from, to: position } });
    this.stored.set(id, position);
  }

  /** Positions 1..n in the new order: an event for every stream whose stored position differs. */
  renumber(): void {
    this.order.forEach((id, index) => {
      const to = index + 1;
      const from = this.stored.get(id);
      if (from !== to) {
        this.add(id, { type: 'WaitlistPositionChanged', data: { from: from ?? to, to } });
        this.stored.set(id, to);
      }
    });
  }

  result(): StreamChange[] {
    return [...this.changes].filter(([, events]) => events.length > 0).map(([id, events]) => ({ id, events }));
  }
}

/**
 * Promotes from the waitlist while the run has free places (after its limit was raised, say), and
 * closes any gap in the positions. No command stream of its own: every change belongs to others.
 */
export function fillFreePlaces(places: RunPlaces): StreamChange[] {
  const plan = new PlacesPlan(places);
  plan.settle();
  plan.renumber();
  return plan.result();
}
