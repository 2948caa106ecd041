/**
 * "Next heat" at the timing table and on the board (docs/decisions/047): before the run starts it
 * starts heat 1 (the heat already shown as current), then it moves to the heat after the one on the
 * course; nothing after the last heat. Pure, shared by both screens.
 */
/** The keys of "next heat", at the timing table and on the board: Page Down, or > on keyboards without it. */
export const NEXT_HEAT_KEYS: readonly string[] = ['PageDown', '>'];

export interface NextHeatStep {
  heat: number;
  /** What the button says: "Start heat 1" or "Next heat". */
  label: string;
}

export function nextHeatStep(order: {
  currentHeat: number;
  heatCount: number;
  currentHeatStartedAt?: string | null;
}): NextHeatStep | null {
  if (order.heatCount < 1) return null;
  if (!order.currentHeatStartedAt) {
    const heat = Math.min(Math.max(1, order.currentHeat), order.heatCount);
    return { heat, label: `Start heat ${heat}` };
  }
  return order.currentHeat < order.heatCount ? { heat: order.currentHeat + 1, label: 'Next heat' } : null;
}
