import { useEffect } from 'react';

/**
 * Keeps the screen on while the display shows (Screen Wake Lock API, where the browser has it). The
 * browser drops the lock whenever the page is hidden, so it is asked for again on coming back. Any
 * refusal (no support, no permission, battery saver) is ignored: the screen's own settings then rule.
 */
export function useWakeLock(): void {
  useEffect(() => {
    const wakeLock = (
      navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> } }
    ).wakeLock;
    if (!wakeLock) return;
    let sentinel: { release(): Promise<void> } | undefined;
    let active = true;
    const request = async () => {
      if (document.visibilityState !== 'visible') return;
      try {
        const lock = await wakeLock.request('screen');
        if (active) sentinel = lock;
        else void lock.release().catch(() => undefined);
      } catch {
        // Not allowed here: nothing to do.
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void request();
    };
    void request();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      active = false;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release().catch(() => undefined);
    };
  }, []);
}
