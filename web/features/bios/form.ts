/** The bio editor and the profile photo: form values to and from the API, and the photo checks. */
import {
  BIO_LIMITS,
  type BioDto,
  type BioUpdateBody,
  PROFILE_PHOTO_MAX_BYTES,
} from '../../../api/contracts/accounts.ts';
import { blankToNull, wholeNumberOrNull } from '../../lib/portal/forms.ts';

export interface BioValues {
  headline: string;
  about: string;
  position: string;
  /** Text typed into a number field; '' for none. */
  yearsOfService: string;
  hometown: string;
}

export const BIO_FIELDS = ['headline', 'position', 'yearsOfService', 'hometown', 'about'] as const;

export const EMPTY_BIO: BioValues = { headline: '', about: '', position: '', yearsOfService: '', hometown: '' };

export function bioValues(bio: BioDto | null | undefined): BioValues {
  if (!bio) return { ...EMPTY_BIO };
  return {
    headline: bio.headline,
    about: bio.about,
    position: bio.position ?? '',
    yearsOfService: bio.yearsOfService === null ? '' : String(bio.yearsOfService),
    hometown: bio.hometown ?? '',
  };
}

/** The POST/PUT body, before validation with bioFieldsSchema: cleared optional fields are sent as null. */
export function bioBody(values: BioValues): BioUpdateBody {
  return {
    headline: values.headline.trim(),
    about: values.about.trim(),
    position: blankToNull(values.position),
    yearsOfService: wholeNumberOrNull(values.yearsOfService),
    hometown: blankToNull(values.hometown),
  };
}

/** 'n of max' counters beside the text fields. */
export function remaining(value: string, field: keyof typeof BIO_LIMITS): { used: number; max: number; over: boolean } {
  const max = BIO_LIMITS[field];
  const used = value.trim().length;
  return { used, max, over: used > max };
}

export const PHOTO_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];
export const PHOTO_ACCEPT = PHOTO_TYPES.join(',');
export const PHOTO_TYPE_MESSAGE = 'The photo must be a JPEG, PNG or WebP image.';
export const PHOTO_SIZE_MESSAGE = `The photo must be at most ${formatBytes(PROFILE_PHOTO_MAX_BYTES)}.`;
export const PHOTO_HINT = `JPEG, PNG or WebP, at most ${formatBytes(PROFILE_PHOTO_MAX_BYTES)}.`;
export const PHOTO_EMPTY_MESSAGE = 'The chosen file is empty.';

/** The browser's check before upload (the server checks again): the message to show, or undefined. */
export function photoProblem(file: { type: string; size: number }): string | undefined {
  if (!PHOTO_TYPES.includes(file.type.toLowerCase())) return PHOTO_TYPE_MESSAGE;
  if (file.size === 0) return PHOTO_EMPTY_MESSAGE;
  if (file.size > PROFILE_PHOTO_MAX_BYTES) return `${PHOTO_SIZE_MESSAGE} This file is ${formatBytes(file.size)}.`;
  return undefined;
}

/** '5 MB', '820 KB', '312 bytes'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    const mb = bytes / (1024 * 1024);
    return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  }
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
