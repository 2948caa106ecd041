import { type RefObject, useLayoutEffect } from 'react';
import { fitScale, MIN_FIT } from './fit.ts';

/**
 * Keeps the board on one screen, whatever the heat size, the names and the screen: the type of the
 * parts that must show whole ([data-fit-part]: the heat now and the one on deck) shrinks together
 * through the --fit custom property until they fit; the extras ([data-fit-optional]: the heats
 * coming up, each top place) show only when they fit whole in their box ([data-fit-clip]). Measured before paint, so
 * the screen never shows the overflowing state; again when the window changes size.
 */
/** Below this scale the labels and departments are too small to read: the names give up their floor. */
const NAME_FLOOR_LIMIT = 0.7;

/** The bottom of what shows of an element: its own, or that of an ancestor up to the board that clips it. */
function visibleBottom(element: HTMLElement, board: HTMLElement): number {
  let bottom = element.getBoundingClientRect().bottom;
  for (let parent = element.parentElement; parent && parent !== board.parentElement; parent = parent.parentElement) {
    if (getComputedStyle(parent).overflowY !== 'visible')
      bottom = Math.min(bottom, parent.getBoundingClientRect().bottom);
  }
  return bottom;
}

export function useFitToScreen(ref: RefObject<HTMLElement | null>, content: unknown): void {
  useLayoutEffect(() => {
    const board = ref.current;
    if (!board) return;
    void content;
    const apply = () => {
      const parts = () => [...board.querySelectorAll<HTMLElement>('[data-fit-part]')];
      const shrink = () => {
        board.style.setProperty('--fit', '1');
        let fit = 1;
        for (let attempt = 0; attempt < 6; attempt++) {
          const top = board.getBoundingClientRect().top;
          const needed = Math.max(0, ...parts().map((p) => p.getBoundingClientRect().bottom - top));
          const next = fitScale(fit, board.clientHeight, needed);
          if (next === fit) return fit;
          fit = next;
          board.style.setProperty('--fit', String(fit));
          if (fit === MIN_FIT) return fit;
        }
        return fit;
      };
      // The names keep 48 px at 1080p while the rest shrinks around them; when the rest would shrink
      // past reading (long names wrapping in a narrow column), the names shrink with it instead.
      board.style.removeProperty('--name-floor');
      if (shrink() < NAME_FLOOR_LIMIT) {
        board.style.setProperty('--name-floor', '0px');
        shrink();
      }
      for (const clip of board.querySelectorAll<HTMLElement>('[data-fit-clip]')) {
        const extras = [...clip.querySelectorAll<HTMLElement>('[data-fit-optional]')];
        for (const extra of extras) extra.hidden = false;
        clip.style.visibility = '';
        const bottom = visibleBottom(clip, board);
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
