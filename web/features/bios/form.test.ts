import { describe, expect, it } from 'vitest';
import { BIO_LIMITS, type BioDto, bioFieldsSchema, PROFILE_PHOTO_MAX_BYTES } from '../../../api/contracts/accounts.ts';
import { validateWith } from '../../lib/portal/forms.ts';
import {
  bioBody,
  bioValues,
  EMPTY_BIO,
  formatBytes,
  PHOTO_EMPTY_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  photoProblem,
  remaining,
} from './form.ts';

const bio: BioDto = {
  id: 3,
  userId: 8,
  firstName: 'Alex',
  lastName: 'Morgan',
  departmentName: null,
  headline: 'Captain',
  about: 'Ten years on the line.',
  position: null,
  yearsOfService: 10,
  hometown: 'Red Deer',
  photoUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('bio form', () => {
  it('starts empty without a bio, and from the bio otherwise', () => {
    expect(bioValues(null)).toEqual(EMPTY_BIO);
    expect(bioValues(bio)).toEqual({
      headline: 'Captain',
      about: 'Ten years on the line.',
      position: '',
      yearsOfService: '10',
      hometown: 'Red Deer',
    });
  });

  it('sends trimmed text and null for cleared optional fields', () => {
    expect(bioBody({ headline: ' Captain ', about: '', position: ' ', yearsOfService: '', hometown: 'Banff' })).toEqual(
      {
        headline: 'Captain',
        about: '',
        position: null,
        yearsOfService: null,
        hometown: 'Banff',
      },
    );
  });

  it('is checked with the shared schema and its messages', () => {
    const tooLong = validateWith(
      bioFieldsSchema,
      bioBody({ ...EMPTY_BIO, headline: 'x'.repeat(BIO_LIMITS.headline + 1) }),
    );
    expect(tooLong.ok).toBe(false);
    if (!tooLong.ok) expect(tooLong.errors.headline).toBe(`Headline must be at most ${BIO_LIMITS.headline} characters`);

    for (const years of ['61', '-1', '2.5', 'ten']) {
      const result = validateWith(bioFieldsSchema, bioBody({ ...EMPTY_BIO, yearsOfService: years }));
      expect(result.ok, years).toBe(false);
      if (!result.ok) expect(result.errors.yearsOfService).toBe('Years of service must be a whole number from 0 to 60');
    }
    expect(validateWith(bioFieldsSchema, bioBody({ ...EMPTY_BIO, yearsOfService: '60' })).ok).toBe(true);
  });

  it('counts characters against the limits', () => {
    expect(remaining('  abc ', 'headline')).toEqual({ used: 3, max: BIO_LIMITS.headline, over: false });
    expect(remaining('x'.repeat(BIO_LIMITS.about + 1), 'about').over).toBe(true);
  });
});

describe('photoProblem', () => {
  it('accepts JPEG, PNG and WebP up to the limit', () => {
    expect(photoProblem({ type: 'image/jpeg', size: 1000 })).toBeUndefined();
    expect(photoProblem({ type: 'image/PNG', size: PROFILE_PHOTO_MAX_BYTES })).toBeUndefined();
    expect(photoProblem({ type: 'image/webp', size: 1 })).toBeUndefined();
  });

  it('refuses other types with a clear message', () => {
    expect(photoProblem({ type: 'image/gif', size: 10 })).toBe(PHOTO_TYPE_MESSAGE);
    expect(photoProblem({ type: 'application/pdf', size: 10 })).toBe(PHOTO_TYPE_MESSAGE);
    expect(photoProblem({ type: '', size: 10 })).toBe(PHOTO_TYPE_MESSAGE);
  });

  it('refuses empty and oversized files, saying how big the file is', () => {
    expect(photoProblem({ type: 'image/png', size: 0 })).toBe(PHOTO_EMPTY_MESSAGE);
    expect(photoProblem({ type: 'image/png', size: PROFILE_PHOTO_MAX_BYTES + 1 })).toBe(
      'The photo must be at most 5 MB. This file is 5.0 MB.',
    );
    expect(photoProblem({ type: 'image/png', size: 7.5 * 1024 * 1024 })).toBe(
      'The photo must be at most 5 MB. This file is 7.5 MB.',
    );
  });
});

describe('formatBytes', () => {
  it('speaks in bytes, KB and MB', () => {
    expect(formatBytes(312)).toBe('312 bytes');
    expect(formatBytes(820 * 1024)).toBe('820 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
  });
});
