/**
 * The Register form: whom to enter (myself or a team I captain) and optional notes, to the body of
 * POST /registrations (validated with registrationCreateBodySchema, the API's own schema).
 */
import type { RegistrationCreateBody } from '../../../api/contracts/registrations.ts';
import type { FieldErrors } from '../../lib/portal/forms.ts';
import type { EntrantKey, EntrantOption } from './actions.ts';

export interface RegisterValues {
  /** '' until one is chosen. */
  entrant: EntrantKey | '';
  notes: string;
}

export const REGISTER_FIELDS = ['entrant', 'notes'] as const;

export const ENTRANT_REQUIRED = 'Choose who to register';

/** The first option is chosen when it is the only one; otherwise the person chooses. */
export function initialRegisterValues(options: readonly EntrantOption[]): RegisterValues {
  return { entrant: options.length === 1 && options[0] ? options[0].key : '', notes: '' };
}

/**
 * The body: a team entry names its team; a personal entry names nobody (the server takes the caller).
 * Notes go trimmed, and not at all when blank. The command id makes a repeated submit harmless.
 */
export function registerBody(runId: number, values: RegisterValues, commandId: string): RegistrationCreateBody {
  const body: RegistrationCreateBody = { runId, commandId };
  if (values.entrant.startsWith('team:')) body.teamId = Number(values.entrant.slice('team:'.length));
  const notes = values.notes.trim();
  if (notes !== '') body.notes = notes;
  return body;
}

/** Checks the schema cannot make: an entrant is chosen, and it is one of those offered. */
export function checkRegisterValues(values: RegisterValues, options: readonly EntrantOption[]): FieldErrors {
  if (values.entrant === '' || !options.some((option) => option.key === values.entrant))
    return { entrant: ENTRANT_REQUIRED };
  return {};
}

const COMMAND_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A random base for the command ids of one opening of the Register form. crypto.randomUUID is
 * missing outside secure contexts; getRandomValues is not.
 */
export function newCommandBase(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  let text = '';
  for (const byte of random(new Uint8Array(16))) text += COMMAND_ID_ALPHABET[byte % COMMAND_ID_ALPHABET.length];
  return `reg-${text}`;
}

/**
 * The command id of registering this entrant from this opening of the form ('reg-<random>:team:12'):
 * submitting again after a lost answer is answered with the first outcome, never a second entry;
 * choosing another entrant is another command.
 */
export function commandIdFor(base: string, entrant: EntrantKey | ''): string {
  return `${base}:${entrant || 'none'}`;
}
