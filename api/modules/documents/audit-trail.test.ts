import { describe, expect, it } from 'vitest';
import { localTime } from './audit-trail.ts';

describe("the audit trail's local time", () => {
  it("shows the venue's clock with its zone, daylight saving time included", () => {
    expect(localTime('2026-01-15T17:04:05.120Z', 'America/Toronto')).toBe('2026-01-15 12:04:05 EST');
    expect(localTime('2026-07-15T03:04:05.000Z', 'America/Toronto')).toBe('2026-07-14 23:04:05 EDT');
    expect(localTime('2026-07-15T00:00:00.000Z', 'America/Halifax')).toBe('2026-07-14 21:00:00 ADT');
    expect(localTime('2026-01-01T00:00:00.000Z', 'UTC')).toBe('2026-01-01 00:00:00 UTC');
  });
});
