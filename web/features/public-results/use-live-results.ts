import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { publicResultKeys } from '../../lib/query-keys.ts';

/** Results come in bursts (a heat validated at once): one fetch for the lot. */
export const LIVE_REFETCH_MS = 300;
const RECONNECT_MS = 3_000;

/**
 * Follows an event's runs on the live socket's `results` stream, signed out (public fields only, nothing
 * of a held run: docs/decisions/030-results.md). A message only says "something changed": the event's
 * results are fetched again, so standings and flags stay the server's (docs/decisions/039).
 */
export function useLiveEventResults(eventId: number, runIds: readonly number[], enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const key = runIds.join(',');

  useEffect(() => {
    if (!enabled || key === '') return;
    const runs = key.split(',').map(Number);
    let socket: WebSocket | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    let connections = 0;
    const refetch = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: publicResultKeys.event(eventId) }),
        LIVE_REFETCH_MS,
      );
    };
    const connect = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${scheme}://${window.location.host}/api/live`);
      // Each run's catch-up comes before its `subscribed`: only events after it are news.
      const following = new Set<number>();
      const reconnected = connections > 0;
      connections += 1;
      socket.onopen = () => {
        setConnected(true);
        for (const runId of runs) socket?.send(JSON.stringify({ type: 'subscribe', stream: 'results', runId }));
      };
      socket.onmessage = (message) => {
        let data: { type?: string; stream?: string; runId?: number };
        try {
          data = JSON.parse(String(message.data));
        } catch {
          return;
        }
        if (data.stream !== 'results' || typeof data.runId !== 'number') return;
        if (data.type === 'subscribed') {
          following.add(data.runId);
          if (reconnected) refetch();
        } else if (data.type === 'event' && following.has(data.runId)) refetch();
      };
      socket.onclose = () => {
        setConnected(false);
        if (closed) return;
        retry = setTimeout(connect, RECONNECT_MS);
      };
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(timer);
      clearTimeout(retry);
      socket?.close();
    };
  }, [eventId, key, enabled, queryClient]);

  return connected;
}
