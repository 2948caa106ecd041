import { describe, expect, it } from 'vitest';
import { isDisplayPath } from './paths.ts';

describe('isDisplayPath', () => {
  it('matches a run display', () => {
    expect(isDisplayPath('/display/runs/12')).toBe(true);
    expect(isDisplayPath('/display/runs/12/')).toBe(true);
    expect(isDisplayPath('/display/runs/abc')).toBe(true);
    expect(isDisplayPath('/display/events/3')).toBe(true);
  });

  it('leaves every other path to the site shell', () => {
    expect(isDisplayPath('/display')).toBe(false);
    expect(isDisplayPath('/display/runs/')).toBe(false);
    expect(isDisplayPath('/display/runs/12/extra')).toBe(false);
    expect(isDisplayPath('/portal/run-orders/12')).toBe(false);
    expect(isDisplayPath('/')).toBe(false);
  });
});
