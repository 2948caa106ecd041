import { describe, expect, it } from 'vitest';
import { isTabSelectable, moveTab, resolveActiveTab, type TabLike, tabMoveForKey } from './tabs.ts';

const tabs = (spec: string): TabLike[] =>
  // One letter per tab: a visible enabled tab is lower case, H a hidden one, D a disabled one.
  [...spec].map((c, i) => ({ id: `t${i}`, hidden: c === 'H', disabled: c === 'D' }));

describe('isTabSelectable', () => {
  it('needs visible and enabled', () => {
    expect(isTabSelectable({ id: 'a' })).toBe(true);
    expect(isTabSelectable({ id: 'a', hidden: true })).toBe(false);
    expect(isTabSelectable({ id: 'a', disabled: true })).toBe(false);
    expect(isTabSelectable({ id: 'a', hidden: false, disabled: false })).toBe(true);
  });
});

describe('resolveActiveTab', () => {
  it('keeps a visible, enabled active tab', () => {
    expect(resolveActiveTab(tabs('aaa'), 't1')).toBe('t1');
    expect(resolveActiveTab(tabs('HaD'), 't1')).toBe('t1');
  });

  it('moves to the next selectable tab after a hidden one', () => {
    expect(resolveActiveTab(tabs('aHa'), 't1')).toBe('t2');
    expect(resolveActiveTab(tabs('aHHDa'), 't1')).toBe('t4');
  });

  it('moves to the next selectable tab after a disabled one', () => {
    expect(resolveActiveTab(tabs('aDa'), 't1')).toBe('t2');
  });

  it('falls back to the nearest selectable tab before it when none follows', () => {
    expect(resolveActiveTab(tabs('aaH'), 't2')).toBe('t1');
    expect(resolveActiveTab(tabs('aDHD'), 't2')).toBe('t0');
    expect(resolveActiveTab(tabs('aaDH'), 't3')).toBe('t1');
  });

  it('is undefined when no tab is selectable', () => {
    expect(resolveActiveTab(tabs('HDH'), 't1')).toBeUndefined();
    expect(resolveActiveTab(tabs('HDH'), undefined)).toBeUndefined();
    expect(resolveActiveTab([], 'x')).toBeUndefined();
    expect(resolveActiveTab([], undefined)).toBeUndefined();
  });

  it('chooses the first selectable tab for a missing or unknown id', () => {
    expect(resolveActiveTab(tabs('HDaa'), undefined)).toBe('t2');
    expect(resolveActiveTab(tabs('HDaa'), 'gone')).toBe('t2');
    expect(resolveActiveTab(tabs('aa'), undefined)).toBe('t0');
  });

  it('returns the same tab again once it is visible again', () => {
    const hidden = tabs('aHa');
    expect(resolveActiveTab(hidden, 't1')).toBe('t2');
    expect(resolveActiveTab(tabs('aaa'), 't1')).toBe('t1');
  });

  it('never returns a hidden or disabled tab for any layout', () => {
    const letters = ['a', 'H', 'D'];
    for (let n = 1; n <= 4; n++) {
      for (let code = 0; code < 3 ** n; code++) {
        let spec = '';
        for (let i = 0, c = code; i < n; i++, c = Math.floor(c / 3)) spec += letters[c % 3];
        const list = tabs(spec);
        for (const active of [...list.map((t) => t.id), undefined, 'x']) {
          const result = resolveActiveTab(list, active);
          const anySelectable = list.some(isTabSelectable);
          if (!anySelectable) expect(result).toBeUndefined();
          else expect(list.find((t) => t.id === result)).toSatisfy(isTabSelectable);
        }
      }
    }
  });
});

describe('moveTab', () => {
  const list = tabs('aDaHa');

  it('moves right and left skipping disabled and hidden tabs, wrapping round', () => {
    expect(moveTab(list, 't0', 'next')).toBe('t2');
    expect(moveTab(list, 't2', 'next')).toBe('t4');
    expect(moveTab(list, 't4', 'next')).toBe('t0');
    expect(moveTab(list, 't0', 'previous')).toBe('t4');
    expect(moveTab(list, 't4', 'previous')).toBe('t2');
    expect(moveTab(list, 't2', 'previous')).toBe('t0');
  });

  it('goes to the ends with first and last', () => {
    expect(moveTab(tabs('DaaH'), 't2', 'first')).toBe('t1');
    expect(moveTab(tabs('DaaH'), 't1', 'last')).toBe('t2');
  });

  it('stays on a lone selectable tab and gives undefined when none is selectable', () => {
    expect(moveTab(tabs('DaH'), 't1', 'next')).toBe('t1');
    expect(moveTab(tabs('DH'), 't0', 'next')).toBeUndefined();
  });

  it('starts from an end when the current id is unknown', () => {
    expect(moveTab(list, 'x', 'next')).toBe('t0');
    expect(moveTab(list, undefined, 'previous')).toBe('t4');
  });
});

describe('tabMoveForKey', () => {
  it('maps the arrow, Home and End keys', () => {
    expect(tabMoveForKey('ArrowRight')).toBe('next');
    expect(tabMoveForKey('ArrowLeft')).toBe('previous');
    expect(tabMoveForKey('Home')).toBe('first');
    expect(tabMoveForKey('End')).toBe('last');
    expect(tabMoveForKey('Enter')).toBeUndefined();
  });
});
