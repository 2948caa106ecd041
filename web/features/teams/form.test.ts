import { describe, expect, it } from 'vitest';
import { teamCreateBodySchema, teamUpdateBodySchema } from '../../../api/contracts/teams.ts';
import { TIME_MESSAGES } from '../../../api/domain/times.ts';
import { validateWith } from '../../lib/portal/forms.ts';
import {
  checkTeamCreate,
  checkTeamEdit,
  EMPTY_TEAM,
  TEAM_FORM_MESSAGES,
  teamCreateBody,
  teamEditValues,
  teamUpdateBody,
} from './form.ts';

describe('the new team form', () => {
  it('sends the name and format; the captain only when an admin chose someone else', () => {
    expect(teamCreateBody({ ...EMPTY_TEAM, name: 'Smoke Eaters', runType: 'relay' })).toEqual({
      name: 'Smoke Eaters',
      runType: 'relay',
    });
    expect(teamCreateBody({ name: 'X', runType: 'tech2', captain: 'other', captainId: 7 })).toEqual({
      name: 'X',
      runType: 'tech2',
      captainId: 7,
    });
    expect(teamCreateBody({ name: 'X', runType: 'tech2', captain: 'me', captainId: 7 })).toEqual({
      name: 'X',
      runType: 'tech2',
    });
  });

  it('is validated with the API schema and its messages', () => {
    const ok = validateWith(
      teamCreateBodySchema,
      teamCreateBody({ ...EMPTY_TEAM, name: '  Ladder 7  ', runType: 'individual' }),
    );
    expect(ok).toEqual({ ok: true, data: { name: 'Ladder 7', runType: 'individual' } });
    const blank = validateWith(teamCreateBodySchema, teamCreateBody({ ...EMPTY_TEAM, name: ' ', runType: 'relay' }));
    expect(blank).toEqual({ ok: false, errors: { name: 'Team name is required' } });
  });

  it('asks for a format and, when someone else captains, for that person', () => {
    expect(checkTeamCreate(EMPTY_TEAM)).toEqual({ runType: TEAM_FORM_MESSAGES.runTypeRequired });
    expect(checkTeamCreate({ name: 'X', runType: 'relay', captain: 'other', captainId: null })).toEqual({
      captainId: TEAM_FORM_MESSAGES.captainRequired,
    });
    expect(checkTeamCreate({ name: 'X', runType: 'relay', captain: 'other', captainId: 3 })).toEqual({});
  });
});

describe('the edit form', () => {
  const team = { name: 'Ladder 7', departmentId: 4, isActive: true, seedTimeMs: null };
  const timed = { ...team, seedTimeMs: 107_320 };
  const values = { name: 'Ladder 7', departmentId: '4', isActive: true, seedTimeMs: '' };

  it('starts from the team, its best time as m:ss.hh', () => {
    expect(teamEditValues(team)).toEqual(values);
    expect(teamEditValues({ ...team, departmentId: null })).toEqual({ ...values, departmentId: '' });
    expect(teamEditValues(timed)).toEqual({ ...values, seedTimeMs: '1:47.32' });
  });

  it('sends only what changed', () => {
    expect(teamUpdateBody(teamEditValues(team), team)).toEqual({});
    expect(teamUpdateBody(teamEditValues(timed), timed)).toEqual({});
    expect(teamUpdateBody({ ...values, name: ' Ladder 7 ' }, team)).toEqual({});
    expect(teamUpdateBody({ ...values, name: 'Ladder 8', departmentId: '', isActive: false }, team)).toEqual({
      name: 'Ladder 8',
      departmentId: null,
      isActive: false,
    });
    expect(teamUpdateBody({ ...values, departmentId: '9' }, team)).toEqual({ departmentId: 9 });
  });

  it('sends a new best time in milliseconds, and null when it is emptied', () => {
    expect(teamUpdateBody({ ...values, seedTimeMs: '1:47.32' }, team)).toEqual({ seedTimeMs: 107_320 });
    expect(teamUpdateBody({ ...values, seedTimeMs: '1:39.05' }, timed)).toEqual({ seedTimeMs: 99_050 });
    expect(teamUpdateBody({ ...values, seedTimeMs: ' ' }, timed)).toEqual({ seedTimeMs: null });
    expect(teamUpdateBody({ ...values, seedTimeMs: '1:47.320' }, timed).seedTimeMs).toBeNaN();
  });

  it("is validated with the API schema, and a best time in the form's own words", () => {
    expect(validateWith(teamUpdateBodySchema, teamUpdateBody({ ...values, name: '' }, team))).toEqual({
      ok: false,
      errors: { name: 'Team name is required' },
    });
    expect(validateWith(teamUpdateBodySchema, teamUpdateBody({ ...values, seedTimeMs: '1:47.32' }, team))).toEqual({
      ok: true,
      data: { seedTimeMs: 107_320 },
    });
    expect(validateWith(teamUpdateBodySchema, teamUpdateBody({ ...values, seedTimeMs: 'soon' }, team)).ok).toBe(false);
    expect(checkTeamEdit({ ...values, seedTimeMs: 'soon' })).toEqual({ seedTimeMs: TIME_MESSAGES.format });
    expect(checkTeamEdit({ ...values, seedTimeMs: '75:00' })).toEqual({ seedTimeMs: TIME_MESSAGES.range });
    expect(checkTeamEdit({ ...values, seedTimeMs: '1:47.32' })).toEqual({});
    expect(checkTeamEdit(values)).toEqual({});
  });
});
