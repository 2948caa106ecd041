import { describe, expect, it } from 'vitest';
import { registrationCreateBodySchema } from '../../../api/contracts/registrations.ts';
import type { EntrantOption } from './actions.ts';
import {
  checkRegisterValues,
  commandIdFor,
  ENTRANT_REQUIRED,
  initialRegisterValues,
  newCommandBase,
  registerBody,
} from './form.ts';

const SELF: EntrantOption = { key: 'self', kind: 'self', label: 'Myself', detail: '' };
const TEAM: EntrantOption = { key: 'team:12', kind: 'team', teamId: 12, label: 'Crew', detail: '' };

describe('the Register form', () => {
  it('chooses the only option, and lets the person choose among several', () => {
    expect(initialRegisterValues([TEAM])).toEqual({ entrant: 'team:12', notes: '' });
    expect(initialRegisterValues([SELF, TEAM])).toEqual({ entrant: '', notes: '' });
    expect(initialRegisterValues([])).toEqual({ entrant: '', notes: '' });
  });

  it('builds the body the API validates: the team for a team entry, nobody for a personal one, trimmed notes', () => {
    expect(registerBody(5, { entrant: 'team:12', notes: '  bring the pack ' }, 'reg-x:team:12')).toEqual({
      runId: 5,
      teamId: 12,
      notes: 'bring the pack',
      commandId: 'reg-x:team:12',
    });
    expect(registerBody(5, { entrant: 'self', notes: '   ' }, 'reg-x:self')).toEqual({
      runId: 5,
      commandId: 'reg-x:self',
    });
    expect(
      registrationCreateBodySchema.safeParse(
        registerBody(5, { entrant: 'team:12', notes: 'x' }, commandIdFor(newCommandBase(), 'team:12')),
      ).success,
    ).toBe(true);
    const tooLong = registrationCreateBodySchema.safeParse(
      registerBody(5, { entrant: 'self', notes: 'x'.repeat(2001) }, 'reg-x:self'),
    );
    expect(tooLong.success).toBe(false);
  });

  it('needs an entrant among those offered', () => {
    expect(checkRegisterValues({ entrant: '', notes: '' }, [SELF])).toEqual({ entrant: ENTRANT_REQUIRED });
    expect(checkRegisterValues({ entrant: 'team:99', notes: '' }, [SELF, TEAM])).toEqual({ entrant: ENTRANT_REQUIRED });
    expect(checkRegisterValues({ entrant: 'team:12', notes: '' }, [SELF, TEAM])).toEqual({});
  });

  it('makes command ids the API accepts: one per opening of the form and entrant', () => {
    const base = newCommandBase((bytes) => bytes.fill(1));
    expect(base).toBe(`reg-${'b'.repeat(16)}`);
    expect(commandIdFor(base, 'team:12')).toBe(`${base}:team:12`);
    expect(commandIdFor(base, '')).toBe(`${base}:none`);
    expect(newCommandBase()).not.toBe(newCommandBase());
    expect(commandIdFor(newCommandBase(), 'self')).toMatch(/^[A-Za-z0-9._:-]{1,100}$/);
  });
});
