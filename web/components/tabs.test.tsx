import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type TabItem, Tabs } from './tabs.tsx';

const items = (overrides: Partial<Record<string, Partial<TabItem>>> = {}): TabItem[] =>
  ['runs', 'teams', 'results'].map((id) => ({
    id,
    label: id.toUpperCase(),
    content: `panel of ${id}`,
    ...overrides[id],
  }));

const render = (props: Parameters<typeof Tabs>[0]) => renderToStaticMarkup(<Tabs {...props} />);

describe('Tabs', () => {
  it('renders an accessible tab list with the first tab selected by default', () => {
    const html = render({ tabs: items(), label: 'Event sections' });
    expect(html).toContain('role="tablist"');
    expect(html).toContain('aria-label="Event sections"');
    expect(html.match(/role="tab"/g)).toHaveLength(3);
    expect(html.match(/aria-selected="true"/g)).toHaveLength(1);
    expect(html).toMatch(/aria-selected="true"[^>]*tabindex="0"[^>]*>RUNS/);
    expect(html).toContain('role="tabpanel"');
    expect(html).toContain('panel of runs');
    expect(html).not.toContain('panel of teams');
  });

  it('links the tab and its panel both ways', () => {
    const html = render({ tabs: items(), label: 'x', defaultTab: 'teams' });
    const tabId = /id="([^"]+)"[^>]*role="tab" aria-selected="true"/.exec(html)?.[1];
    const panelId = /role="tabpanel" id="([^"]+)" aria-labelledby="([^"]+)"/.exec(html);
    expect(tabId).toBeDefined();
    expect(panelId?.[2]).toBe(tabId);
    expect(html).toContain(`aria-controls="${panelId?.[1]}"`);
  });

  it('shows the controlled tab, and a neighbour when it is hidden or disabled', () => {
    expect(render({ tabs: items(), label: 'x', activeTab: 'results' })).toContain('panel of results');
    const hidden = render({ tabs: items({ teams: { hidden: true } }), label: 'x', activeTab: 'teams' });
    expect(hidden).toContain('panel of results');
    expect(hidden).not.toContain('TEAMS');
    const disabled = render({ tabs: items({ results: { disabled: true } }), label: 'x', activeTab: 'results' });
    expect(disabled).toContain('panel of teams');
    expect(disabled).toMatch(/disabled=""[^>]*>RESULTS/);
  });

  it('renders badge counts', () => {
    const html = render({ tabs: items({ teams: { badge: 4 }, results: { badge: 0 } }), label: 'x' });
    expect(html).toMatch(/TEAMS<span[^>]*>4<\/span>/);
    expect(html).toMatch(/RESULTS<span[^>]*>0<\/span>/);
    expect(html).not.toMatch(/RUNS<span/);
  });

  it('renders no panel when no tab can be shown', () => {
    const html = render({
      tabs: items({ runs: { hidden: true }, teams: { disabled: true }, results: { hidden: true } }),
      label: 'x',
    });
    expect(html).not.toContain('role="tabpanel"');
  });
});
