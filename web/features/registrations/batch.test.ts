import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { batchButtonLabel, batchOutcome, batchRefusalsOf, namedRefusals, togglePicked } from './batch.ts';

const refused = (details: unknown) =>
  new AppError({
    message: 'Some teams cannot be registered',
    type: 'validation',
    severity: 'error',
    status: 422,
    code: 'BATCH_REFUSED',
    data: { code: 'BATCH_REFUSED', details },
  });

describe('batchRefusalsOf', () => {
  it("reads every refused team from a 422 BATCH_REFUSED's details", () => {
    const error = refused([
      { teamId: 3, code: 'ALREADY_REGISTERED', message: 'Already registered: the team holds a place.' },
      { teamId: 9, code: 'TEAM_TOO_SMALL', message: 'Team size rule: at least 3.' },
      { nonsense: true },
    ]);
    expect(batchRefusalsOf(error)).toEqual([
      { teamId: 3, code: 'ALREADY_REGISTERED', message: 'Already registered: the team holds a place.' },
      { teamId: 9, code: 'TEAM_TOO_SMALL', message: 'Team size rule: at least 3.' },
    ]);
  });

  it('is undefined for any other failure, and empty when the details are missing', () => {
    expect(
      batchRefusalsOf(
        new AppError({
          message: 'Run not found',
          type: 'not_found',
          severity: 'info',
          status: 404,
          code: 'RUN_NOT_FOUND',
        }),
      ),
    ).toBeUndefined();
    expect(batchRefusalsOf(new Error('boom'))).toBeUndefined();
    expect(batchRefusalsOf(refused(undefined))).toEqual([]);
  });

  it('names the teams as they were picked', () => {
    expect(
      namedRefusals(
        [
          { teamId: 3, code: 'X', message: 'No.' },
          { teamId: 4, code: 'TEAM_NOT_FOUND', message: 'Team not found' },
        ],
        [{ id: 3, name: 'Kamloops A' }],
      ),
    ).toEqual([
      { teamId: 3, name: 'Kamloops A', message: 'No.' },
      { teamId: 4, name: 'Team #4', message: 'Team not found' },
    ]);
  });
});

describe('picking and the outcome', () => {
  it('toggles a team in and out, in the order picked', () => {
    const a = { id: 1, name: 'A' };
    const b = { id: 2, name: 'B' };
    expect(togglePicked(togglePicked([], a), b)).toEqual([a, b]);
    expect(togglePicked([a, b], a)).toEqual([b]);
  });

  it('labels the button and the result', () => {
    expect(batchButtonLabel(0)).toBe('Register 0 teams');
    expect(batchButtonLabel(1)).toBe('Register 1 team');
    expect(batchOutcome([{ status: 'confirmed' }, { status: 'confirmed' }, { status: 'waitlisted' }])).toBe(
      '3 teams registered: 2 confirmed, 1 on the waitlist.',
    );
    expect(batchOutcome([{ status: 'waitlisted' }])).toBe('1 team registered: 1 on the waitlist.');
  });
});
