import { describe, expect, it } from 'vitest';
import type { RegistrationDto } from '../../../api/contracts/registrations.ts';
import type { TeamSummaryDto } from '../../../api/contracts/teams.ts';
import { captainedTeamsFor, holdsPlace, runActionsFor } from './actions.ts';

const ME = { id: 7, firstName: 'Dana', lastName: 'Okoye', isAdmin: false };

function team(overrides: Partial<TeamSummaryDto> = {}): TeamSummaryDto {
  return {
    id: 1,
    name: 'Station 7 Relay',
    runType: 'relay',
    departmentId: 3,
    departmentName: 'Kamloops Fire Rescue',
    captainId: ME.id,
    captainName: 'Dana Okoye',
    isHybrid: false,
    isActive: true,
    isDeleted: false,
    deletedAt: null,
    memberCount: 4,
    seedTimeMs: null,
    createdAt: '2027-01-01T00:00:00.000Z',
    updatedAt: '2027-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function registration(overrides: Partial<RegistrationDto> = {}): RegistrationDto {
  return {
    id: 100,
    runId: 10,
    runName: 'Relay: Men',
    runType: 'relay',
    runCategory: 'Men',
    eventId: 5,
    eventName: 'Kamloops Challenge',
    eventStartDate: '2027-06-05',
    teamId: 1,
    teamName: 'Station 7 Relay',
    userId: null,
    userName: null,
    entrantName: 'Station 7 Relay',
    registeredBy: ME.id,
    status: 'confirmed',
    waitlistPosition: null,
    isHybridOptIn: false,
    isLate: false,
    notes: null,
    submittedAt: '2027-05-01T00:00:00.000Z',
    confirmedAt: '2027-05-01T00:00:00.000Z',
    cancelledAt: null,
    deletedAt: null,
    updatedAt: '2027-05-01T00:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

const relayRun = { id: 10, type: 'relay' as const, isOpen: true };
const individualRun = { id: 11, type: 'individual' as const, isOpen: true };

describe('which actions a run offers a signed-in competitor', () => {
  it('offers the teams I captain of the run format, by name, and not the others', () => {
    const teams = [
      team({ id: 1, name: 'Station 7 Relay' }),
      team({ id: 2, name: 'Alpha Relay' }),
      team({ id: 3, name: 'Tech pair', runType: 'tech2' }),
      team({ id: 4, name: 'Not mine', captainId: 99 }),
      team({ id: 5, name: 'Asleep', isActive: false }),
      team({ id: 6, name: 'Gone', isDeleted: true }),
    ];
    const actions = runActionsFor(relayRun, ME, [], teams);
    expect(actions.options.map((o) => o.key)).toEqual(['team:2', 'team:1']);
    expect(actions.options[1]).toEqual({
      key: 'team:1',
      kind: 'team',
      teamId: 1,
      label: 'Station 7 Relay',
      detail: '4 members · Kamloops Fire Rescue',
    });
    expect(actions.held).toEqual([]);
    expect(actions.reason).toBeUndefined();
    expect(captainedTeamsFor(teams, ME, 'tech2').map((t) => t.id)).toEqual([3]);
  });

  it('offers myself on an individual run, and my individual-format teams beside it', () => {
    const actions = runActionsFor(
      individualRun,
      ME,
      [],
      [team({ id: 8, name: 'Dept team', runType: 'individual', memberCount: 1, departmentName: null })],
    );
    expect(actions.options).toEqual([
      { key: 'self', kind: 'self', label: 'Myself (Dana Okoye)', detail: 'A personal entry' },
      { key: 'team:8', kind: 'team', teamId: 8, label: 'Dept team', detail: '1 member' },
    ]);
  });

  it('shows what I already hold on the run instead of offering it again', () => {
    const mine = registration({
      id: 1,
      runId: 11,
      teamId: null,
      teamName: null,
      userId: ME.id,
      entrantName: 'Dana Okoye',
      status: 'waitlisted',
      waitlistPosition: 4,
    });
    const actions = runActionsFor(individualRun, ME, [mine], []);
    expect(actions.held).toEqual([{ registration: mine, canCancel: true }]);
    expect(actions.options).toEqual([]);
    expect(actions.reason).toBe('all-registered');
  });

  it('leaves out cancelled and deleted registrations and those of other runs', () => {
    const regs = [
      registration({ id: 1, status: 'cancelled' }),
      registration({ id: 2, deletedAt: '2027-05-02T00:00:00.000Z' }),
      registration({ id: 3, runId: 99 }),
    ];
    const actions = runActionsFor(relayRun, ME, regs, [team()]);
    expect(actions.held).toEqual([]);
    expect(actions.options.map((o) => o.key)).toEqual(['team:1']);
    expect(holdsPlace(regs[0] as RegistrationDto)).toBe(false);
  });

  it('lets the captain cancel a team entry, but not a mere member; an admin cancels anything', () => {
    const captained = registration({ id: 1, teamId: 1 });
    const memberOnly = registration({ id: 2, teamId: 2, teamName: 'Other crew', entrantName: 'Other crew' });
    const teams = [team({ id: 1 }), team({ id: 2, name: 'Other crew', captainId: 99 })];
    const actions = runActionsFor(relayRun, ME, [memberOnly, captained], teams);
    expect(actions.held.map((h) => [h.registration.id, h.canCancel])).toEqual([
      [2, false],
      [1, true],
    ]);
    expect(runActionsFor(relayRun, { ...ME, isAdmin: true }, [memberOnly], teams).held[0]?.canCancel).toBe(true);
  });

  it('offers nothing on a closed run but still shows my standing there', () => {
    const held = registration();
    const actions = runActionsFor({ ...relayRun, isOpen: false }, ME, [held], [team({ id: 1 }), team({ id: 2 })]);
    expect(actions).toEqual({ held: [{ registration: held, canCancel: true }], options: [], reason: 'closed' });
  });

  it('says a team is needed when I captain none of the format', () => {
    const actions = runActionsFor(relayRun, ME, [], [team({ runType: 'tech2' })]);
    expect(actions.options).toEqual([]);
    expect(actions.reason).toBe('no-team');
  });
});
