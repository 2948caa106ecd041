import { type RefObject, useLayoutEffect } from 'react';
import { fitScale, MIN_FIT } from './fit.ts';

/**
 * Keeps the board on one screen, whatever the heat size, the names and the screen: the type of the
 * parts that must show whole ([data-fit-part]: the heat now and the one on deck) shrinks together
 * through the --fit custom property until they fit; the extras ([data-fit-optional]: the heats
 * coming up) show only when they fit whole in their box ([data-fit-clip]). Measured before paint, so
 * the screen never shows the overflowing state; again when the window changes size.
 */
export function useFitToScreen(ref: RefObject<HTMLElement | null>, content: unknown): void {
  useLayoutEffect(() => {
    const board = ref.current;
    if (!board) return;
    void content;
    const apply = () => {
      board.style.setProperty('--fit', '1');
      const parts = () => [...board.querySelectorAll<HTMLElement>('[data-fit-part]')];
      for (let attempt = 0, fit = 1; attempt < 6; attempt++) {
        const top = board.getBoundingClientRect().top;
        const available = board.clientHeight;
        const needed = Math.max(0, ...parts().map((p) => p.getBoundingClientRect().bottom - top));
        const next = fitScale(fit, available, needed);
        if (next === fit) break;
        fit = next;
        board.style.setProperty('--fit', String(fit));
        if (fit === MIN_FIT) break;
      }
      for (const clip of board.querySelectorAll<HTMLElement>('[data-fit-clip]')) {
        const extras = [...clip.querySelectorAll<HTMLElement>('[data-fit-optional]')];
        for (const extra of extras) extra.hidden = false;
        clip.style.visibility = '';
        const bottom = clip.getBoundingClientRect().bottom;
        // In order: once one does not fit, none after it shows (a later, shorter heat would skip one).
        let shown = 0;
        let fits = true;
        for (const extra of extras) {
          fits = fits && extra.getBoundingClientRect().bottom <= bottom + 0.5;
          extra.hidden = !fits;
          if (fits) shown += 1;
        }
        if (extras.length > 0 && shown === 0) clip.style.visibility = 'hidden';
      }
    };
    apply();
    const observer = new ResizeObserver(() => apply());
    observer.observe(board);
    void document.fonts?.ready.then(apply);
    return () => observer.disconnect();
  }, [ref, content]);
}
