import { describe, expect, it } from 'vitest';
import { teamCreateBodySchema, teamUpdateBodySchema } from '../../../api/contracts/teams.ts';
import { validateWith } from '../portal/forms.ts';
import { checkTeamCreate, EMPTY_TEAM, TEAM_FORM_MESSAGES, teamCreateBody, teamEditValues, teamUpdateBody } from './form.ts';

describe('the new team form', () => {
  it('sends the name and format; the captain only when an admin chose someone else', () => {
    expect(teamCreateBody({ ...EMPTY_TEAM, name: 'Smoke Eaters', runType: 'relay' })).toEqual({ name: 'Smoke Eaters', runType: 'relay' });
    expect(teamCreateBody({ name: 'X', runType: 'tech2', captain: 'other', captainId: 7 })).toEqual({ name: 'X', runType: 'tech2', captainId: 7 });
    expect(teamCreateBody({ name: 'X', runType: 'tech2', captain: 'me', captainId: 7 })).toEqual({ name: 'X', runType: 'tech2' });
  });

  it('is validated with the API schema and its messages', () => {
    const ok = validateWith(teamCreateBodySchema, teamCreateBody({ ...EMPTY_TEAM, name: '  Ladder 7  ', runType: 'individual' }));
    expect(ok).toEqual({ ok: true, data: { name: 'Ladder 7', runType: 'individual' } });
    const blank = validateWith(teamCreateBodySchema, teamCreateBody({ ...EMPTY_TEAM, name: ' ', runType: 'relay' }));
    expect(blank).toEqual({ ok: false, errors: { name: 'Team name is required' } });
  });

  it('asks for a format and, when someone else captains, for that person', () => {
    expect(checkTeamCreate(EMPTY_TEAM)).toEqual({ runType: TEAM_FORM_MESSAGES.runTypeRequired });
    expect(checkTeamCreate({ name: 'X', runType: 'relay', captain: 'other', captainId: null })).toEqual({ captainId: TEAM_FORM_MESSAGES.captainRequired });
    expect(checkTeamCreate({ name: 'X', runType: 'relay', captain: 'other', captainId: 3 })).toEqual({});
  });
});

describe('the edit form', () => {
  const team = { name: 'Ladder 7', departmentId: 4, isActive: true };

  it('starts from the team', () => {
    expect(teamEditValues(team)).toEqual({ name: 'Ladder 7', departmentId: '4', isActive: true });
    expect(teamEditValues({ ...team, departmentId: null })).toEqual({ name: 'Ladder 7', departmentId: '', isActive: true });
  });

  it('sends only what changed', () => {
    expect(teamUpdateBody(teamEditValues(team), team)).toEqual({});
    expect(teamUpdateBody({ name: ' Ladder 7 ', departmentId: '4', isActive: true }, team)).toEqual({});
    expect(teamUpdateBody({ name: 'Ladder 8', departmentId: '', isActive: false }, team)).toEqual({ name: 'Ladder 8', departmentId: null, isActive: false });
    expect(teamUpdateBody({ name: 'Ladder 7', departmentId: '9', isActive: true }, team)).toEqual({ departmentId: 9 });
  });

  it('is validated with the API schema', () => {
    expect(validateWith(teamUpdateBodySchema, teamUpdateBody({ name: '', departmentId: '4', isActive: true }, team))).toEqual({
      ok: false,
      errors: { name: 'Team name is required' },
    });
  });
});
