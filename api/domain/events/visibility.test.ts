import { describe, expect, it } from 'vitest';
import { isPublicEvent, isRunVisible } from './visibility.ts';

const published = { isActive: true, isDeleted: false, status: 'Confirmed' as const };

describe('event visibility', () => {
  it('shows only active, published, not deleted events to the public', () => {
    expect(isPublicEvent(published)).toBe(true);
    expect(isPublicEvent({ ...published, status: 'Draft' })).toBe(false);
    expect(isPublicEvent({ ...published, isActive: false })).toBe(false);
    expect(isPublicEvent({ ...published, isDeleted: true })).toBe(false);
    expect(isPublicEvent({ ...published, status: 'Cancelled' })).toBe(true);
  });

  it('shows a run to a plain user only when it is active and its event public; an admin sees them all', () => {
    expect(isRunVisible({ isActive: true }, published, false)).toBe(true);
    expect(isRunVisible({ isActive: false }, published, false)).toBe(false);
    expect(isRunVisible({ isActive: true }, { ...published, status: 'Draft' }, false)).toBe(false);
    expect(isRunVisible({ isActive: false }, { ...published, status: 'Draft' }, true)).toBe(true);
  });
});
