import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { moveTab, resolveActiveTab, tabMoveForKey } from '../lib/tabs.ts';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
  hidden?: boolean;
  disabled?: boolean;
  /** A count shown beside the label; nothing is shown when undefined. */
  badge?: number;
}

export interface TabsProps {
  tabs: readonly TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  /** Controlled: the requested tab. */
  activeTab?: string;
  /** Uncontrolled: the tab shown first. */
  defaultTab?: string;
  onTabChange?: (id: string) => void;
  className?: string;
}

/**
 * WAI-ARIA tabs with automatic activation. The tab shown is derived on every render from the requested
 * one (resolveActiveTab), so when it becomes hidden or disabled a neighbour is shown without any state
 * being rewritten; should the requested tab come back, it is shown again.
 */
export function Tabs({ tabs, label, activeTab, defaultTab, onTabChange, className = '' }: TabsProps) {
  const baseId = useId();
  const [uncontrolled, setUncontrolled] = useState(defaultTab);
  const requested = activeTab ?? uncontrolled;
  const active = resolveActiveTab(tabs, requested);
  const visible = tabs.filter((tab) => !tab.hidden);
  const activeItem = visible.find((tab) => tab.id === active);

  const tabDomId = (id: string) => `${baseId}-tab-${id}`;
  const panelDomId = (id: string) => `${baseId}-panel-${id}`;

  const select = (id: string) => {
    if (activeTab === undefined) setUncontrolled(id);
    if (id !== active) onTabChange?.(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = tabMoveForKey(event.key);
    if (!move) return;
    const next = moveTab(tabs, active, move);
    if (next === undefined) return;
    event.preventDefault();
    select(next);
    document.getElementById(tabDomId(next))?.focus();
  };

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-0.5 overflow-x-auto border-b border-slate-200 sm:gap-1"
      >
        {visible.map((tab) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              id={tabDomId(tab.id)}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={selected ? panelDomId(tab.id) : undefined}
              tabIndex={selected ? 0 : -1}
              disabled={tab.disabled}
              onClick={() => select(tab.id)}
              className={`-mb-px inline-flex shrink-0 items-center gap-1.5 border-b-2 px-2.5 py-2 text-sm sm:gap-2 sm:px-4 font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:text-slate-400 ${
                selected
                  ? 'border-brand-700 text-brand-800'
                  : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900'
              }`}
            >
              {tab.label}
              {tab.badge !== undefined && (
                <span
                  className={`min-w-5 rounded-full px-1.5 py-0.5 text-center text-xs font-semibold ${
                    selected ? 'bg-brand-100 text-brand-800' : 'bg-slate-100 text-slate-800'
                  }`}
                >
                  {tab.badge}
                </span>
              )}
            </button>
          );
        })}
      </div>
      {activeItem && (
        <div role="tabpanel" id={panelDomId(activeItem.id)} aria-labelledby={tabDomId(activeItem.id)} className="pt-4">
          {activeItem.content}
        </div>
      )}
    </div>
  );
}
