import { type Kysely, sql, type Transaction } from 'kysely';
import type { BatchRefusal, LateEntryCandidates, RegistrationDto } from '../../contracts/registrations.ts';
import { containsPattern } from '../../db/like.ts';
import type { Database } from '../../db/schema.ts';
import { todayIn } from '../../domain/dates.ts';
import { DomainError, notFound, ruleBroken } from '../../domain/errors.ts';
import { isRunVisible } from '../../domain/events/visibility.ts';
import { type AdmissionFacts, admissionRefusal } from '../../domain/registrations/admission.ts';
import { decide, type RegistrationCommand, type SubstitutionFacts } from '../../domain/registrations/decide.ts';
import { REGISTRATION_STREAM_TYPE, registrationIdOf, registrationStreamId } from '../../domain/registrations/events.ts';
import {
  foldRegistration,
  initialRegistrationState,
  type RegistrationState,
} from '../../domain/registrations/evolve.ts';
import { fillFreePlaces, type StreamChange } from '../../domain/registrations/places.ts';
import { personLabel } from '../../domain/teams/eligibility.ts';
import type { TeamMemberFacts } from '../../domain/teams/team-rules.ts';
import { handleCommand } from '../../event-store/command-handler.ts';
import {
  type AppendInput,
  commandIdReused,
  type EventMetadata,
  type EventStore,
  earlierCommand,
  judgeEarlierCommand,
} from '../../event-store/store.ts';
import { type AccessTokenClaims, isAdmin } from '../../plugins/access.ts';
import { registrationDtoById, registrationDtoOf, registrationDtosByIds, teamParties } from './queries.ts';
import {
  entrantHoldsPlace,
  type RunPlacesWithVersions,
  registrationState,
  runPlaces,
  submissionState,
} from './state.ts';

/**
 * The command side of registrations (docs/decisions/014). Every command runs in one transaction that
 * first locks the run's row (`select ... for update`): the participant limit spans every registration
 * stream of the run, so commands on one run are serialised, and the places and waitlist read from the
 * read model right after the lock are exact. decide() answers with events for every stream it moves;
 * they are appended with their expected versions, projected inline, and announced on commit. A command
 * on an existing registration goes through the event store's handleCommand; submitting, batches and
 * filling free places (no stream of their own until decided) append through appendStreams.
 */

export interface CommandOptions {
  requestId?: string;
  /** Makes a retried command harmless: a second run with the same id answers the first outcome. */
  commandId?: string;
  /** The version of the registration the client saw; a stale one is a 409 with the current version. */
  expectedVersion?: number;
  /** The site's time zone, for the calendar day of registration dates. */
  timeZone: string;
  now?: Date;
}

export const registrationNotFound = () => notFound('Registration', 'REGISTRATION_NOT_FOUND');
const runNotFound = () => notFound('Run', 'RUN_NOT_FOUND');
const forbidden = (message: string) => new DomainError(403, 'FORBIDDEN', message);

/** Locks the run's row: every command on the run's registrations waits here for the one before it. */
async function lockRun(trx: Transaction<Database>, runId: number) {
  return trx.selectFrom('runs').selectAll().where('id', '=', runId).forUpdate().executeTakeFirst();
}

/** Locks the run of registration `id` (404 when there is no such registration). */
async function lockRunOfRegistration(trx: Transaction<Database>, id: number) {
  const located = await trx.selectFrom('registrations').select('run_id').where('id', '=', id).executeTakeFirst();
  const run = located && (await lockRun(trx, located.run_id));
  if (!run) throw registrationNotFound();
  return run;
}

type Cause = { id?: number; version: number; command: string };

/** What a command was and who sent it: the command id answers only the same actor's same kind (decision 028). */
type Sender = { actorId: number | null; requestId?: string; commandId?: string; commandKind?: string };

/**
 * Each stream's events as an append at the version the read model has for it. The command's own stream
 * carries the command id; the others say what caused them.
 */
function toAppends(
  changes: readonly StreamChange[],
  target: Cause,
  places: RunPlacesWithVersions,
  metadata: Sender,
): AppendInput[] {
  return changes.map((change) => {
    const isTarget = change.id === target.id;
    const meta: EventMetadata = { actorId: metadata.actorId };
    if (metadata.requestId) meta.requestId = metadata.requestId;
    if (isTarget && metadata.commandId) meta.commandId = metadata.commandId;
    if (!isTarget)
      meta.causedBy =
        target.id === undefined ? { command: target.command } : { registrationId: target.id, command: target.command };
    return {
      streamId: registrationStreamId(change.id),
      streamType: REGISTRATION_STREAM_TYPE,
      expectedVersion: isTarget ? target.version : (places.versions.get(change.id) ?? 0),
      events: change.events,
      metadata: meta,
      ...(isTarget && metadata.commandKind ? { commandKind: metadata.commandKind } : {}),
    };
  });
}

/**
 * The earlier outcome of a command id: the registration the same actor's same kind of command created or
 * changed; a 409 if the id was used by someone else, for another kind, or for something else (decision 028).
 */
async function earlierOutcome(
  trx: Transaction<Database>,
  caller: AccessTokenClaims,
  kind: string,
  commandId: string | undefined,
  expectedId?: number,
): Promise<number | undefined> {
  if (!commandId) return undefined;
  const seen = await earlierCommand(trx, { commandId, actorId: caller.sub, kind });
  if (seen === undefined) return undefined;
  const id = registrationIdOf(seen.streamId);
  if (id === undefined || (expectedId !== undefined && id !== expectedId)) throw commandIdReused(commandId);
  return id;
}

async function dtoOrFail(db: Kysely<Database>, id: number): Promise<RegistrationDto> {
  const dto = await registrationDtoById(db, id);
  if (!dto) throw registrationNotFound();
  return dto;
}

// ---------- who may do what ----------

export interface Relation {
  admin: boolean;
  /** The registrant or the team's captain: may change it. */
  manages: boolean;
  /** Also the team's members and whoever registered it: may read it. */
  reads: boolean;
}

export async function relationTo(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  state: RegistrationState,
): Promise<Relation> {
  const admin = isAdmin(caller.role);
  let captain = false;
  let member = false;
  if (state.teamId !== null) {
    const parties = await teamParties(db, state.teamId);
    captain = parties?.captainId === caller.sub;
    member = parties?.memberIds.includes(caller.sub) ?? false;
  }
  const manages = admin || state.userId === caller.sub || captain;
  return { admin, manages, reads: manages || member || state.registeredBy === caller.sub };
}

/** The registration for reading: 403 for a stranger, 404 when missing (and, except for admins, when soft-deleted). */
export async function readableRegistration(
  db: Kysely<Database>,
  caller: AccessTokenClaims,
  id: number,
): Promise<RegistrationDto> {
  const state = await registrationState(db, id);
  if (!state.exists) throw registrationNotFound();
  const relation = await relationTo(db, caller, state);
  if (!relation.reads) throw forbidden('Only the registrant, the team, or an admin can see this registration.');
  if (state.deletedAt !== null && !relation.admin) throw registrationNotFound();
  return dtoOrFail(db, id);
}

// ---------- commands on an existing registration ----------

export type ExistingCommand = Exclude<RegistrationCommand, { type: 'Submit' } | { type: 'Substitute' }>;

/**
 * Runs one command on registration `id`: lock the run, load the state, check who may, check the
 * command id and the expected version, decide, append. `who` is 'manager' for owner-or-admin commands.
 */
export async function runRegistrationCommand(
  store: EventStore,
  caller: AccessTokenClaims,
  id: number,
  command: ExistingCommand,
  options: CommandOptions,
  who: 'manager' | 'admin' = 'manager',
): Promise<RegistrationDto> {
  const metadata: EventMetadata = { actorId: caller.sub };
  if (options.requestId) metadata.requestId = options.requestId;
  return handleCommand(store, {
    streamId: registrationStreamId(id),
    streamType: REGISTRATION_STREAM_TYPE,
    metadata,
    commandId: options.commandId,
    commandKind: command.type,
    expectedVersion: options.expectedVersion,
    lock: (trx) => lockRunOfRegistration(trx, id),
    load: (trx) => registrationState(trx, id),
    async check(trx, state) {
      const relation = await relationTo(trx, caller, state);
      if (who === 'admin' ? !relation.admin : !relation.manages) {
        throw forbidden('Only the registrant, the team captain or an admin can change this registration.');
      }
      if (state.deletedAt !== null && !relation.admin) throw registrationNotFound();
    },
    async decide(trx, state, run) {
      const places = await runPlaces(trx, run.id, run.participant_limit);
      const needsOther = command.type === 'Confirm' || command.type === 'Restore';
      const changes = decide(command, state, {
        places,
        allowsHybrid: run.allows_hybrid,
        entrantHasOtherActive: needsOther ? await entrantHoldsPlace(trx, run.id, state, id) : false,
      });
      const appends = toAppends(changes, { id, version: state.version, command: command.type }, places, {
        actorId: caller.sub,
        requestId: options.requestId,
      });
      const own = appends.find((a) => a.streamId === registrationStreamId(id));
      return { events: own?.events ?? [], others: appends.filter((a) => a !== own) };
    },
    answer: (trx) => dtoOrFail(trx, id),
  });
}

// ---------- submitting ----------

const PERSON_COLUMNS = [
  'users.id as user_id',
  'users.first_name',
  'users.last_name',
  'users.date_of_birth',
  'users.gender',
  'users.is_active',
  'users.is_verified',
  'users.medical_clearance_until',
  'users.is_pre_service',
  'users.department_id',
] as const;

type PersonRow = {
  user_id: number;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  gender: 'female' | 'male' | 'other' | null;
  is_active: boolean;
  is_verified: boolean;
  medical_clearance_until: string | null;
  is_pre_service: boolean;
  department_id: number | null;
};

function toPerson(row: PersonRow): TeamMemberFacts {
  return {
    userId: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    dateOfBirth: row.date_of_birth,
    gender: row.gender,
    isActive: row.is_active,
    isVerified: row.is_verified,
    medicalClearanceUntil: row.medical_clearance_until,
    isPreService: row.is_pre_service,
    departmentId: row.department_id,
  };
}

type EventFacts = AdmissionFacts['event'];
type Entrant = { teamId: number; userId: null } | { teamId: null; userId: number };

/**
 * The run (locked) with its event's facts and, for a person entering, that person's facts (undefined
 * when there is no such account), for admitting entrants: one query (decision 055).
 */
async function lockRunForAdmission(
  trx: Kysely<Database>,
  runId: number,
  userId: number | null = null,
  { lock = true }: { lock?: boolean } = {},
) {
  const query = trx
    .selectFrom('runs')
    .innerJoin('events', 'events.id', 'runs.event_id')
    .leftJoin('users', (join) => join.on('users.id', '=', userId ?? 0))
    .selectAll('runs')
    .select([
      'events.name as event_name',
      'events.is_active as event_is_active',
      'events.deleted_at as event_deleted_at',
      'events.status as event_status',
      'events.start_date as event_start_date',
      'events.end_date as event_end_date',
      'events.registration_opens_on as event_registration_opens_on',
      'events.registration_closes_on as event_registration_closes_on',
      // Prefixed: the runs row has columns of the same names (is_active).
      'users.id as person_user_id',
      'users.first_name as person_first_name',
      'users.last_name as person_last_name',
      'users.date_of_birth as person_date_of_birth',
      'users.gender as person_gender',
      'users.is_active as person_is_active',
      'users.is_verified as person_is_verified',
      'users.medical_clearance_until as person_medical_clearance_until',
      'users.is_pre_service as person_is_pre_service',
      'users.department_id as person_department_id',
    ])
    .where('runs.id', '=', runId)
    .where('runs.deleted_at', 'is', null);
  const row = await (lock ? query.forUpdate('runs') : query).executeTakeFirst();
  if (!row) return undefined;
  const event: EventFacts = {
    isActive: row.event_is_active,
    isDeleted: row.event_deleted_at !== null,
    status: row.event_status,
    startDate: row.event_start_date,
    endDate: row.event_end_date,
    registrationOpensOn: row.event_registration_opens_on,
    registrationClosesOn: row.event_registration_closes_on,
  };
  const person =
    row.person_user_id === null
      ? undefined
      : toPerson({
          user_id: row.person_user_id,
          first_name: row.person_first_name as string,
          last_name: row.person_last_name as string,
          date_of_birth: row.person_date_of_birth,
          gender: row.person_gender,
          is_active: row.person_is_active as boolean,
          is_verified: row.person_is_verified as boolean,
          medical_clearance_until: row.person_medical_clearance_until,
          is_pre_service: row.person_is_pre_service as boolean,
          department_id: row.person_department_id,
        });
  return { run: row, event, eventName: row.event_name, person };
}
type RunRow = NonNullable<Awaited<ReturnType<typeof lockRun>>>;

/** One person as the eligibility rules see them, or undefined when there is no such account. */
async function personFacts(trx: Kysely<Database>, userId: number): Promise<TeamMemberFacts | undefined> {
  const row = await trx.selectFrom('users').select(PERSON_COLUMNS).where('users.id', '=', userId).executeTakeFirst();
  return row && toPerson(row);
}

async function entrantFacts(trx: Kysely<Database>, entrant: Entrant): Promise<AdmissionFacts['entrant'] | undefined> {
  if (entrant.userId !== null) {
    const person = await personFacts(trx, entrant.userId);
    return person && { kind: 'user', person };
  }
  const team = await trx.selectFrom('teams').selectAll().where('id', '=', entrant.teamId).executeTakeFirst();
  if (!team) return undefined;
  const members = await trx
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select(PERSON_COLUMNS)
    .where('team_members.team_id', '=', team.id)
    .orderBy('team_members.joined_at')
    .orderBy('users.id')
    .execute();
  return {
    kind: 'team',
    team: {
      id: team.id,
      name: team.name,
      runType: team.run_type,
      departmentId: team.department_id,
      isHybrid: team.is_hybrid,
      isActive: team.is_active,
      isDeleted: team.deleted_at !== null,
    },
    members: members.map(toPerson),
  };
}

function clock(options: Pick<CommandOptions, 'timeZone' | 'now'>) {
  const now = options.now ?? new Date();
  return { now: now.toISOString(), today: todayIn(options.timeZone, now) };
}

function toAdmissionFacts(
  run: RunRow,
  event: EventFacts,
  entrant: AdmissionFacts['entrant'],
  alreadyRegistered: boolean,
  options: Pick<CommandOptions, 'timeZone' | 'now'>,
): AdmissionFacts {
  return {
    ...clock(options),
    run: {
      type: run.type,
      category: run.category,
      isActive: run.is_active,
      allowsHybrid: run.allows_hybrid,
      registrationOpensAt: run.registration_opens_at ? new Date(run.registration_opens_at).toISOString() : null,
      registrationClosesAt: run.registration_closes_at ? new Date(run.registration_closes_at).toISOString() : null,
    },
    event,
    entrant,
    alreadyRegistered,
  };
}

const entrantNotFound = (entrant: Entrant) =>
  entrant.teamId !== null ? notFound('Team', 'TEAM_NOT_FOUND') : notFound('User', 'USER_NOT_FOUND');

async function admissionFacts(
  trx: Transaction<Database>,
  run: RunRow,
  event: EventFacts,
  entrant: Entrant,
  options: CommandOptions,
): Promise<AdmissionFacts> {
  const facts = await entrantFacts(trx, entrant);
  if (!facts) throw entrantNotFound(entrant);
  return toAdmissionFacts(run, event, facts, await entrantHoldsPlace(trx, run.id, entrant), options);
}

async function nextRegistrationId(trx: Transaction<Database>): Promise<number> {
  const { rows } = await sql<{ id: number }>`select nextval('registration_ids')::int as id`.execute(trx);
  return Number(rows[0]?.id);
}

/**
 * Appends a new registration for an entrant already admitted; returns its id and its state as appended.
 * `known` is the run's places and the new id when the caller read them already (submissionState).
 */
async function submitAdmitted(
  store: EventStore,
  trx: Transaction<Database>,
  run: RunRow,
  entrant: Entrant,
  caller: AccessTokenClaims,
  options: CommandOptions & { notes?: string | null; commandKind: string; late?: boolean },
  admission: AdmissionFacts | undefined,
  known?: { places: RunPlacesWithVersions; id: number },
): Promise<{ id: number; state: RegistrationState }> {
  const places = known?.places ?? (await runPlaces(trx, run.id, run.participant_limit));
  const id = known?.id ?? (await nextRegistrationId(trx));
  const command: RegistrationCommand = {
    type: 'Submit',
    id,
    runId: run.id,
    eventId: run.event_id,
    teamId: entrant.teamId,
    userId: entrant.userId,
    registeredBy: caller.sub,
    notes: options.notes ?? null,
    ...(options.late ? { late: true } : {}),
  };
  const changes = decide(command, initialRegistrationState(id), { places, admission });
  const appended = await store.appendStreams(
    trx,
    toAppends(changes, { id, version: 0, command: 'Submit' }, places, {
      actorId: caller.sub,
      requestId: options.requestId,
      commandId: options.commandId,
      commandKind: options.commandKind,
    }),
  );
  const own = appended.flatMap((a) => a.events).filter((e) => e.streamId === registrationStreamId(id));
  return { id, state: foldRegistration(id, own) };
}

/** How a new entry is admitted: the rules of the command that makes it. */
interface EntryRules {
  commandKind: 'Submit' | 'LateEntry' | 'Record';
  notes?: string | null;
  /** Whether the admission rules apply ('late': on event day, past the window); 'none' records it as it is. */
  admission: 'window' | 'late' | 'none';
  /** A run the caller may not see is not found (a refusal would tell its event's status). */
  hideInvisibleRun?: { admin: boolean };
}

/**
 * One new registration, in one transaction of six round trips (decision 055): lock the run with its
 * event and the person entering; read the places, whether the entrant holds one, the command id's
 * earlier run and the new id; decide (the admission rules and the places, in api/domain); append the
 * events, the command id and the notify in one statement; the projection's upsert; commit. The answer
 * is the state just appended with the names already read: nothing is read back.
 */
async function submitEntry(
  store: EventStore,
  caller: AccessTokenClaims,
  runId: number,
  entrant: Entrant,
  options: CommandOptions,
  rules: EntryRules,
): Promise<RegistrationDto> {
  return store.db.transaction().execute(async (trx) => {
    const locked = await lockRunForAdmission(trx, runId, entrant.userId);
    const visible =
      locked !== undefined &&
      (!rules.hideInvisibleRun ||
        isRunVisible({ isActive: locked.run.is_active }, locked.event, rules.hideInvisibleRun.admin));
    if (!locked || !visible) {
      // A retried command still answers its first outcome (decision 028).
      const earlier = await earlierOutcome(trx, caller, rules.commandKind, options.commandId);
      if (earlier !== undefined) return dtoOrFail(trx, earlier);
      throw runNotFound();
    }
    const { run, event } = locked;
    const loaded = await submissionState(trx, run.id, run.participant_limit, entrant, options.commandId);
    if (options.commandId) {
      const seen = judgeEarlierCommand(loaded.earlier, {
        commandId: options.commandId,
        actorId: caller.sub,
        kind: rules.commandKind,
      });
      const earlier = seen && registrationIdOf(seen.streamId);
      if (seen && earlier === undefined) throw commandIdReused(options.commandId);
      if (earlier !== undefined) return dtoOrFail(trx, earlier);
    }
    let team: { name: string } | undefined;
    let admission: AdmissionFacts | undefined;
    if (rules.admission !== 'none') {
      const facts =
        entrant.userId !== null
          ? locked.person && { kind: 'user' as const, person: locked.person }
          : await entrantFacts(trx, entrant);
      if (!facts) throw entrantNotFound(entrant);
      if (facts.kind === 'team') team = facts.team;
      admission = toAdmissionFacts(run, event, facts, loaded.entrantHoldsPlace, options);
      if (rules.admission === 'late') admission = { ...admission, late: true };
      // An admin entering someone else: refusals name the entrant rather than say "you".
      else if (entrant.userId !== null && entrant.userId !== caller.sub) admission = { ...admission, onBehalf: true };
    }
    const { state } = await submitAdmitted(
      store,
      trx,
      run,
      entrant,
      caller,
      {
        ...options,
        notes: rules.notes,
        commandKind: rules.commandKind,
        ...(rules.admission === 'late' ? { late: true } : {}),
      },
      admission,
      { places: loaded.places, id: loaded.nextId },
    );
    // An entry recorded without admission read no team: its names are read back.
    if (!admission) return dtoOrFail(trx, state.id);
    return registrationDtoOf(state, {
      run,
      event: { name: locked.eventName, startDate: event.startDate },
      teamName: team?.name ?? null,
      person: locked.person ?? null,
    });
  });
}

/**
 * Records a registration taken elsewhere (the demo data, an import from a paper list) without the
 * admission rules: no registration window, no eligibility check. Places still count: confirmed while the
 * run has room, else at the end of the waitlist. Same events as a submitted registration.
 */
export async function recordRegistration(
  store: EventStore,
  actor: AccessTokenClaims,
  entry: { runId: number; teamId?: number; userId?: number },
  options: CommandOptions,
): Promise<RegistrationDto> {
  const entrant: Entrant =
    entry.teamId !== undefined
      ? { teamId: entry.teamId, userId: null }
      : { teamId: null, userId: entry.userId ?? actor.sub };
  return submitEntry(store, actor, entry.runId, entrant, options, { commandKind: 'Record', admission: 'none' });
}

/**
 * POST /registrations. A person registers themselves for an individual run, or a team they captain;
 * an admin registers anyone. Confirmed while the run has places, else at the end of the waitlist.
 */
export async function submitRegistration(
  store: EventStore,
  caller: AccessTokenClaims,
  body: { runId: number; teamId?: number; userId?: number; notes?: string | null },
  options: CommandOptions,
): Promise<RegistrationDto> {
  const admin = isAdmin(caller.role);
  let entrant: Entrant;
  if (body.teamId !== undefined) {
    const parties = await teamParties(store.db, body.teamId);
    if (!parties) throw notFound('Team', 'TEAM_NOT_FOUND');
    if (!admin && parties.captainId !== caller.sub)
      throw forbidden("Only the team's captain or an admin can register a team.");
    entrant = { teamId: body.teamId, userId: null };
  } else {
    const userId = body.userId ?? caller.sub;
    if (!admin && userId !== caller.sub)
      throw forbidden('You can only register yourself; a team is registered by its captain.');
    entrant = { teamId: null, userId };
  }
  // A run a plain user may not see (inactive, or of a draft, inactive or deleted event) is not found:
  // a refusal would tell its event's status (api/domain/events/visibility.ts).
  return submitEntry(store, caller, body.runId, entrant, options, {
    commandKind: 'Submit',
    notes: body.notes,
    admission: 'window',
    hideInvisibleRun: { admin },
  });
}

/**
 * POST /registrations/late-entry (admins): a late entry on event day (docs/decisions/045). The
 * registration window is not checked, the event day is; eligibility, once per run and the participant
 * limit are (a full run refuses it: RUN_FULL). Recorded as late on the registration's stream.
 */
export async function submitLateEntry(
  store: EventStore,
  caller: AccessTokenClaims,
  body: { runId: number; teamId?: number; userId?: number; notes?: string | null },
  options: CommandOptions,
): Promise<RegistrationDto> {
  const entrant: Entrant =
    body.teamId !== undefined
      ? { teamId: body.teamId, userId: null }
      : { teamId: null, userId: body.userId ?? caller.sub };
  return submitEntry(store, caller, body.runId, entrant, options, {
    commandKind: 'LateEntry',
    notes: body.notes,
    admission: 'late',
  });
}

/** How many people or teams matching the search are judged for the late-entry picker, at most. */
export const LATE_CANDIDATES_SCANNED = 200;

/** The refusals that concern the run or the event, whoever the entrant: the picker answers them as they are. */
const RUN_WIDE_REFUSALS = new Set(['RUN_INACTIVE', 'EVENT_INACTIVE', 'NOT_EVENT_DAY']);

/**
 * GET /registrations/late-entry/candidates (admins): whom the late-entry picker offers for a run, by
 * name or e-mail (people, individual runs) or team name (relay and Tech2): only those a late entry
 * would admit now, judged by the same admission rules as the entry itself (eligibility, the format,
 * the hybrid rule) and not already entered (confirmed or waitlisted). The participant limit is left
 * to the entry (RUN_FULL). A run that takes no late entry at all answers why (docs/decisions/065).
 */
export async function lateEntryCandidates(
  db: Kysely<Database>,
  query: { runId: number; query: string; limit: number },
  options: Pick<CommandOptions, 'timeZone' | 'now'>,
): Promise<LateEntryCandidates> {
  const located = await lockRunForAdmission(db, query.runId, null, { lock: false });
  if (!located) throw runNotFound();
  const { run, event } = located;
  const pattern = containsPattern(query.query);
  const holders = await db
    .selectFrom('registrations')
    .select(['user_id', 'team_id'])
    .where('run_id', '=', run.id)
    .where('deleted_at', 'is', null)
    .where('status', '<>', 'cancelled')
    .execute();
  const entrants: AdmissionFacts['entrant'][] = [];
  const contacts = new Map<number, { email: string | null; departmentName: string | null }>();
  if (run.type === 'individual') {
    const rows = await db
      .selectFrom('users')
      .leftJoin('departments', 'departments.id', 'users.department_id')
      .select([...PERSON_COLUMNS, 'users.email', 'departments.name as department_name'])
      .where((eb) =>
        eb.or([
          eb('users.first_name', 'ilike', pattern),
          eb('users.last_name', 'ilike', pattern),
          eb(sql<string>`${sql.ref('users.first_name')} || ' ' || ${sql.ref('users.last_name')}`, 'ilike', pattern),
          eb('users.email', 'ilike', pattern),
        ]),
      )
      .orderBy('users.last_name')
      .orderBy('users.first_name')
      .orderBy('users.id')
      .limit(LATE_CANDIDATES_SCANNED)
      .execute();
    for (const row of rows) {
      entrants.push({ kind: 'user', person: toPerson(row) });
      contacts.set(row.user_id, { email: row.email, departmentName: row.department_name });
    }
  } else {
    const teams = await db
      .selectFrom('teams')
      .leftJoin('departments', 'departments.id', 'teams.department_id')
      .select(['teams.id', 'departments.name as department_name'])
      .where('teams.run_type', '=', run.type)
      .where('teams.deleted_at', 'is', null)
      .where('teams.name', 'ilike', pattern)
      .orderBy('teams.name')
      .orderBy('teams.id')
      .limit(LATE_CANDIDATES_SCANNED)
      .execute();
    for (const team of teams) {
      const facts = await entrantFacts(db, { teamId: team.id, userId: null });
      if (facts) entrants.push(facts);
      contacts.set(team.id, { email: null, departmentName: team.department_name });
    }
  }
  const offered: LateEntryCandidates['data'] = [];
  for (const entrant of entrants) {
    const alreadyEntered = holders.some((h) =>
      entrant.kind === 'user' ? h.user_id === entrant.person.userId : h.team_id === entrant.team.id,
    );
    const refusal = admissionRefusal({
      ...toAdmissionFacts(run, event, entrant, alreadyEntered, options),
      late: true,
    });
    if (refusal && RUN_WIDE_REFUSALS.has(refusal.code)) throw refusal;
    if (refusal) continue;
    const id = entrant.kind === 'user' ? entrant.person.userId : entrant.team.id;
    offered.push({
      userId: entrant.kind === 'user' ? entrant.person.userId : null,
      teamId: entrant.kind === 'team' ? entrant.team.id : null,
      name: entrant.kind === 'user' ? personLabel(entrant.person) : entrant.team.name,
      email: contacts.get(id)?.email ?? null,
      departmentName: contacts.get(id)?.departmentName ?? null,
    });
  }
  return { data: offered.slice(0, query.limit), meta: { offered: offered.length, judged: entrants.length } };
}

/** Swaps a team member for the run's day; the teams module's, given when the app is assembled. */
export type SwapTeamMember = (
  trx: Transaction<Database>,
  teamId: number,
  replacedUserId: number,
  userId: number,
) => Promise<void>;

/** What Substitute decides on: the run, the incoming person, the team, whether the entry has run. */
async function substitutionFacts(
  trx: Transaction<Database>,
  run: RunRow,
  state: RegistrationState,
  incomingUserId: number,
): Promise<SubstitutionFacts> {
  const event = await trx
    .selectFrom('events')
    .select('start_date')
    .where('id', '=', run.event_id)
    .executeTakeFirstOrThrow();
  const incoming = await personFacts(trx, incomingUserId);
  if (!incoming) throw notFound('User', 'USER_NOT_FOUND');
  const team = state.teamId !== null ? await entrantFacts(trx, { teamId: state.teamId, userId: null }) : undefined;
  // The results read model: a recorded result means the entry has run.
  const result = await trx
    .selectFrom('results')
    .select('registration_id')
    .where('registration_id', '=', state.id)
    .where('recorded', '=', true)
    .executeTakeFirst();
  return {
    eventStartDate: event.start_date,
    run: { type: run.type, category: run.category, allowsHybrid: run.allows_hybrid },
    incoming,
    incomingHoldsPlace:
      state.userId !== null && (await entrantHoldsPlace(trx, run.id, { teamId: null, userId: incomingUserId })),
    ...(team?.kind === 'team' ? { team: { facts: team.team, members: team.members } } : {}),
    hasResult: result !== undefined,
  };
}

/**
 * POST /registrations/{id}/substitute (admins): someone else takes the place (docs/decisions/045). The
 * registration, and so its slot in the run order, stays; its stream records who was replaced by whom.
 * For a team, the member is swapped on the team's roster in the same transaction.
 */
export async function substituteEntrant(
  store: EventStore,
  caller: AccessTokenClaims,
  id: number,
  body: { userId: number; replacedUserId?: number },
  options: CommandOptions,
  swapTeamMember: SwapTeamMember,
): Promise<RegistrationDto> {
  const metadata: EventMetadata = { actorId: caller.sub };
  if (options.requestId) metadata.requestId = options.requestId;
  const command: RegistrationCommand = {
    type: 'Substitute',
    userId: body.userId,
    ...(body.replacedUserId !== undefined ? { replacedUserId: body.replacedUserId } : {}),
  };
  return handleCommand(store, {
    streamId: registrationStreamId(id),
    streamType: REGISTRATION_STREAM_TYPE,
    metadata,
    commandId: options.commandId,
    commandKind: command.type,
    expectedVersion: options.expectedVersion,
    lock: (trx) => lockRunOfRegistration(trx, id),
    load: (trx) => registrationState(trx, id),
    async decide(trx, state, run) {
      const places = await runPlaces(trx, run.id, run.participant_limit);
      const substitution = state.exists ? await substitutionFacts(trx, run, state, body.userId) : undefined;
      const changes = decide(command, state, { places, ...(substitution ? { substitution } : {}) });
      const events = changes.find((c) => c.id === id)?.events ?? [];
      for (const event of events) {
        if (event.type === 'TeamMemberSubstituted')
          await swapTeamMember(trx, event.data.teamId, event.data.replacedUserId, event.data.userId);
      }
      return { events };
    },
    answer: (trx) => dtoOrFail(trx, id),
  });
}

/**
 * POST /registrations/batch-register: every team or none. When any team is refused, the answer is a 422
 * BATCH_REFUSED listing each refused team with its reason, and nothing is appended.
 */
export async function batchRegister(
  store: EventStore,
  caller: AccessTokenClaims,
  body: { runId: number; teamIds: number[] },
  options: CommandOptions,
): Promise<RegistrationDto[]> {
  const commandIdOf = (teamId: number) => (options.commandId ? `${options.commandId}:team:${teamId}` : undefined);
  return store.db.transaction().execute(async (trx) => {
    if (options.commandId) {
      const earlier: number[] = [];
      for (const teamId of body.teamIds) {
        const id = await earlierOutcome(trx, caller, 'BatchRegister', commandIdOf(teamId));
        if (id !== undefined) earlier.push(id);
      }
      if (earlier.length > 0) return registrationDtosByIds(trx, earlier);
    }
    const locked = await lockRunForAdmission(trx, body.runId);
    if (!locked) throw runNotFound();
    const { run, event } = locked;

    const refusals: BatchRefusal[] = [];
    const seen = new Set<number>();
    for (const teamId of body.teamIds) {
      if (seen.has(teamId)) {
        refusals.push({
          teamId,
          code: 'DUPLICATE_IN_BATCH',
          message: 'Batch rule: this team is listed more than once.',
        });
        continue;
      }
      seen.add(teamId);
      try {
        const refusal = admissionRefusal(await admissionFacts(trx, run, event, { teamId, userId: null }, options));
        if (refusal) refusals.push({ teamId, code: refusal.code, message: refusal.message });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        refusals.push({ teamId, code: error.code, message: error.message });
      }
    }
    if (refusals.length > 0) {
      throw ruleBroken(
        'BATCH_REFUSED',
        `${refusals.length} of ${body.teamIds.length} teams cannot be registered, so none was: ${refusals.map((r) => `team ${r.teamId}: ${r.message}`).join(' ')}`,
        refusals,
      );
    }
    const ids: number[] = [];
    for (const teamId of body.teamIds) {
      const { id } = await submitAdmitted(
        store,
        trx,
        run,
        { teamId, userId: null },
        caller,
        { ...options, commandId: commandIdOf(teamId), commandKind: 'BatchRegister' },
        undefined,
      );
      ids.push(id);
    }
    return registrationDtosByIds(trx, ids);
  });
}

/**
 * Promotes from the waitlist into the run's free places and closes gaps in its positions, in the
 * caller's transaction: for the runs module after it raises a participant limit. Returns how many
 * registrations were promoted.
 */
export async function fillRunPlaces(
  store: EventStore,
  trx: Transaction<Database>,
  runId: number,
  metadata: { actorId: number | null; requestId?: string },
): Promise<number> {
  const run = await lockRun(trx, runId);
  if (!run) throw runNotFound();
  const places = await runPlaces(trx, run.id, run.participant_limit);
  const changes = fillFreePlaces(places);
  await store.appendStreams(trx, toAppends(changes, { version: 0, command: 'FillPlaces' }, places, metadata));
  return changes.filter((c) => c.events.some((e) => e.type === 'PromotedFromWaitlist')).length;
}
