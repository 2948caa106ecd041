import { useEffect, useState } from 'react';

/** How long the pointer stays visible after it last moved. */
export const CURSOR_IDLE_MS = 3_000;

/** True once the pointer has been still for a while: the display hides it (nobody uses it). */
export function useIdleCursor(idleMs = CURSOR_IDLE_MS): boolean {
  const [idle, setIdle] = useState(true);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wake = () => {
      setIdle(false);
      clearTimeout(timer);
      timer = setTimeout(() => setIdle(true), idleMs);
    };
    const events = ['pointermove', 'pointerdown', 'wheel'] as const;
    for (const type of events) window.addEventListener(type, wake, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const type of events) window.removeEventListener(type, wake);
    };
  }, [idleMs]);
  return idle;
}
