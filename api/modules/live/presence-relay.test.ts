import { describe, expect, it } from 'vitest';
import type { LiveServerMessage } from '../../contracts/live.ts';
import { PRESENCE_CHANNEL } from './presence.ts';
import { PresenceRelay } from './presence-relay.ts';

const ada = { userId: 1, name: 'Ada Admin' };
const bea = { userId: 2, name: 'Bea Boss' };

/**
 * Instances whose relays share one notification bus (what pg_notify on 'live_presence' is between API
 * processes); each instance's sockets follow the runs listed in `follows`.
 */
function cluster(...names: string[]) {
  const relays = new Map<string, PresenceRelay<string>>();
  const follows = new Map<string, Map<number, string[]>>();
  const received = new Map<string, LiveServerMessage[]>();
  const notices: Array<{ from: string; payload: object }> = [];
  for (const name of names) {
    follows.set(name, new Map());
    relays.set(
      name,
      new PresenceRelay<string>(name, 1000, {
        audience: (runId) => follows.get(name)?.get(runId),
        sendText: (conn, text) => received.set(conn, [...(received.get(conn) ?? []), JSON.parse(text)]),
        notify: async (channel, payload) => {
          expect(channel).toBe(PRESENCE_CHANNEL);
          notices.push({ from: name, payload });
          // pg_notify reaches every listener, the sender included.
          for (const relay of relays.values()) relay.notified(JSON.stringify(payload));
        },
      }),
    );
  }
  const relay = (name: string) => relays.get(name) as PresenceRelay<string>;
  const follow = (name: string, runId: number, conn: string) => {
    const runs = follows.get(name) as Map<number, string[]>;
    runs.set(runId, [...(runs.get(runId) ?? []), conn]);
  };
  const presenceOf = (conn: string) =>
    (received.get(conn) ?? []).flatMap((m) => (m.type === 'presence' ? [m.viewers.map((v) => v.name)] : []));
  return { relay, follow, presenceOf, notices };
}

describe('PresenceRelay', () => {
  it("shows each instance's admins the viewers of both, and drops the one who leaves", () => {
    const c = cluster('a', 'b');
    c.follow('a', 5, 'ada-tab');
    c.relay('a').join(5, 'ada-tab', ada);
    c.follow('b', 5, 'bea-tab');
    c.relay('b').join(5, 'bea-tab', bea);
    expect(c.presenceOf('ada-tab')).toEqual([['Ada Admin'], ['Ada Admin', 'Bea Boss']]);
    expect(c.presenceOf('bea-tab')).toEqual([['Ada Admin', 'Bea Boss']]);
    c.relay('a').leave(5, 'ada-tab');
    expect(c.presenceOf('bea-tab').at(-1)).toEqual(['Bea Boss']);
  });

  it('shares what an admin drags, refuses a drag from a socket that is not a viewer, and resends nothing unchanged', () => {
    const c = cluster('a');
    c.follow('a', 5, 'ada-tab');
    c.relay('a').join(5, 'ada-tab', ada);
    expect(c.relay('a').drag(5, 'someone', null)).toBe(false);
    expect(c.relay('a').drag(5, 'ada-tab', { kind: 'heat', number: 2 })).toBe(true);
    expect(c.relay('a').drag(5, 'ada-tab', { kind: 'heat', number: 2 })).toBe(true);
    c.relay('a').beat();
    expect(c.presenceOf('ada-tab')).toHaveLength(2);
    const last = c.notices.at(-1)?.payload as { viewers: Array<{ dragging: unknown }> };
    expect(last.viewers[0]?.dragging).toEqual({ kind: 'heat', number: 2 });
  });

  it('answers a starting instance with its viewers, and announces them gone when it closes', async () => {
    const c = cluster('a', 'b');
    c.follow('a', 5, 'ada-tab');
    c.relay('a').join(5, 'ada-tab', ada);
    c.follow('b', 5, 'bea-tab');
    await c.relay('b').start();
    expect(c.notices.at(-1)).toMatchObject({ from: 'a', payload: { runId: 5, viewers: [{ name: 'Ada Admin' }] } });
    await c.relay('a').close();
    expect(c.notices.at(-1)).toMatchObject({ from: 'a', payload: { runId: 5, viewers: [] } });
    // A closing instance announces nothing else.
    const count = c.notices.length;
    c.relay('a').join(5, 'ada-tab-2', ada);
    expect(c.notices).toHaveLength(count);
  });
});
