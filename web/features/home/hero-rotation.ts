/** Home hero timing. Pure. */
export const HERO_FADE_MS = 2000;
export const HERO_FALLBACK_MS = 7000;
export const HERO_PLAYBACK_RATE = 0.85;

/** The slide after `index`, wrapping round to the first. */
export function nextSlide(index: number, count: number): number {
  return count <= 0 ? 0 : (index + 1) % count;
}
