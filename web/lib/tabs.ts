/** Pure rules of the tabbed container. */

export interface TabLike {
  id: string;
  hidden?: boolean;
  disabled?: boolean;
}

export function isTabSelectable(tab: TabLike): boolean {
  return !tab.hidden && !tab.disabled;
}

/**
 * The tab to show: the requested one while it is visible and enabled; otherwise the next selectable tab
 * after it, else the nearest selectable one before it. An id that is missing or unknown falls to the
 * first selectable tab. Undefined only when no tab is selectable.
 */
export function resolveActiveTab(tabs: readonly TabLike[], activeId: string | undefined): string | undefined {
  const index = activeId === undefined ? -1 : tabs.findIndex((tab) => tab.id === activeId);
  if (index === -1) return tabs.find(isTabSelectable)?.id;
  if (isTabSelectable(tabs[index]!)) return activeId;
  for (let i = index + 1; i < tabs.length; i++) if (isTabSelectable(tabs[i]!)) return tabs[i]!.id;
  for (let i = index - 1; i >= 0; i--) if (isTabSelectable(tabs[i]!)) return tabs[i]!.id;
  return undefined;
}

export type TabMove = 'next' | 'previous' | 'first' | 'last';

/**
 * Keyboard movement over the tab list: next and previous wrap round and skip hidden and disabled tabs;
 * first and last go to the ends. Returns the current id when there is nowhere else to go.
 */
export function moveTab(tabs: readonly TabLike[], currentId: string | undefined, move: TabMove): string | undefined {
  const selectable = tabs.filter(isTabSelectable);
  if (selectable.length === 0) return undefined;
  if (move === 'first') return selectable[0]!.id;
  if (move === 'last') return selectable[selectable.length - 1]!.id;
  const step = move === 'next' ? 1 : -1;
  const start = tabs.findIndex((tab) => tab.id === currentId);
  if (start === -1) return (move === 'next' ? selectable[0] : selectable[selectable.length - 1])!.id;
  for (let offset = 1; offset <= tabs.length; offset++) {
    const tab = tabs[(((start + step * offset) % tabs.length) + tabs.length) % tabs.length]!;
    if (isTabSelectable(tab)) return tab.id;
  }
  return currentId;
}

/** The movement a key press asks for in a horizontal tab list. */
export function tabMoveForKey(key: string): TabMove | undefined {
  switch (key) {
    case 'ArrowRight':
      return 'next';
    case 'ArrowLeft':
      return 'previous';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return undefined;
  }
}
