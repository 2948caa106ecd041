import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ContentBlock } from '../domain/announcements/blocks.ts';
import type { EventScope, EventStatus } from '../domain/events/statuses.ts';
import type { ResultOutcome, ResultStatus } from '../domain/results/events.ts';
import type { VoidedAttempt } from '../domain/results/evolve.ts';
import type { RunType } from '../domain/runs/categories.ts';

/** Timestamps are written as Date or ISO strings and read back as Date. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** DATE columns are 'YYYY-MM-DD' strings both ways (see database.ts). */
type DateOnly = string;
type Json<T> = ColumnType<T, string, string>;

export type Role = 'super-admin' | 'admin' | 'user';
export type Gender = 'female' | 'male' | 'other';

export interface DepartmentsTable {
  id: Generated<number>;
  name: string;
  city: string;
  province: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  is_active: Generated<boolean>;
  deleted_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  role: Role;
  is_verified: Generated<boolean>;
  is_active: Generated<boolean>;
  department_id: number | null;
  date_of_birth: DateOnly | null;
  last_login_at: Timestamp | null;
  gender: Gender | null;
  /** A doctor's clearance, needed over 60 and for retired firefighters (docs/domain.md). */
  medical_clearance_until: DateOnly | null;
  is_pre_service: Generated<boolean>;
  /** Best previous time in ms, for seeding run orders by time. */
  seed_time_ms: Generated<number | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  /** sha256 of the token; the token itself lives only in the browser's httpOnly cookie. */
  token_hash: string;
  remember_me: Generated<boolean>;
  expires_at: Timestamp;
  rotated_at: Timestamp | null;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
  user_agent: string | null;
  ip: string | null;
  created_at: CreatedAt;
}

export type AccountTokenPurpose = 'verify-email' | 'reset-password';

export interface AccountTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: AccountTokenPurpose;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

/** Failed sign-ins of one account in the current window, and its temporary lock (decision 025). */
export interface SignInFailuresTable {
  user_id: number;
  failures: Generated<number>;
  window_started_at: Timestamp;
  locked_until: Timestamp | null;
}

/** Attempts of one limit and client address in the window that ends at expires_at (decision 076). */
export interface RateLimitCountersTable {
  key: string;
  attempts: number;
  expires_at: Timestamp;
}

export type EmailStatus = 'outbox' | 'sent' | 'failed';

export interface EmailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: EmailStatus;
  error: string | null;
  sent_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface BiosTable {
  id: Generated<number>;
  user_id: number;
  headline: Generated<string>;
  about: Generated<string>;
  position: string | null;
  years_of_service: number | null;
  hometown: string | null;
  photo_id: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface PicturesTable {
  id: Generated<number>;
  content_type: string;
  byte_size: number;
  checksum: string;
  width: number | null;
  height: number | null;
  data: Uint8Array;
  created_at: CreatedAt;
}

export interface EventsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  start_date: DateOnly;
  end_date: DateOnly;
  city: string;
  province: string;
  scope: EventScope;
  status: EventStatus;
  is_active: Generated<boolean>;
  department_id: number | null;
  picture_id: number | null;
  /** Registration phases: not_open before opens, early until early_bird_ends, regular until late_starts, late until closes. */
  registration_opens_on: DateOnly | null;
  early_bird_ends_on: DateOnly | null;
  late_starts_on: DateOnly | null;
  registration_closes_on: DateOnly | null;
  deleted_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface RunsTable {
  id: Generated<number>;
  event_id: number;
  name: string;
  type: RunType;
  category: string;
  participant_limit: number;
  is_head_to_head: Generated<boolean>;
  is_active: Generated<boolean>;
  start_time: Timestamp | null;
  end_time: Timestamp | null;
  /** When null, the event's registration dates decide. */
  registration_opens_at: Timestamp | null;
  registration_closes_at: Timestamp | null;
  /** Whether teams mixing departments may enter. */
  allows_hybrid: Generated<boolean>;
  /** The run's results held from the public (a final) until an admin releases them (docs/decisions/030). */
  results_held: Generated<boolean>;
  /** How long one heat takes, for the estimated start of each heat (docs/decisions/047). */
  heat_duration_seconds: number | null;
  deleted_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  excerpt: string;
  content: Json<ContentBlock[]>;
  published_at: Timestamp;
  is_pinned: Generated<boolean>;
  is_visible: Generated<boolean>;
  video_url: string | null;
  picture_id: number | null;
  author_id: number | null;
  /** A draft is never public (docs/decisions/036). */
  is_draft: Generated<boolean>;
  /** Moves by one on every change: a write that expects another version is refused with 409. */
  version: Generated<number>;
  deleted_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A picture uploaded for an announcement's image blocks (docs/decisions/035). */
export interface AnnouncementImagesTable {
  id: Generated<number>;
  announcement_id: number;
  /** The size of the largest stored width. */
  width: number;
  height: number;
  uploaded_by: number | null;
  created_at: CreatedAt;
}

/** One stored width of an announcement image. */
export interface AnnouncementImageVariantsTable {
  image_id: number;
  width: number;
  picture_id: number;
}

export interface TeamsTable {
  id: Generated<number>;
  name: string;
  run_type: RunType;
  department_id: number | null;
  /** The captain: owns the team with the admins. */
  captain_id: number;
  is_hybrid: Generated<boolean>;
  is_active: Generated<boolean>;
  /** Best previous time in ms, for seeding run orders by time. */
  seed_time_ms: Generated<number | null>;
  deleted_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface TeamMembersTable {
  team_id: number;
  user_id: number;
  joined_at: CreatedAt;
}

export const TEAM_INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type TeamInvitationStatus = (typeof TEAM_INVITATION_STATUSES)[number];

/** An invitation to join a team, by e-mail address (docs/decisions/026). */
export interface TeamInvitationsTable {
  id: Generated<number>;
  team_id: number;
  /** Trimmed and lower case; no account need use it. */
  email: string;
  invited_by: number;
  status: ColumnType<TeamInvitationStatus, TeamInvitationStatus | undefined, TeamInvitationStatus>;
  created_at: CreatedAt;
  responded_at: Timestamp | null;
}

/** A correction made to a legacy billing row through the portal (docs/decisions/038). */
export interface LegacyAuditTable {
  id: Generated<number>;
  entity: 'invoice' | 'invoice_line' | 'payment';
  /** The legacy row's BIGINT id, as text. */
  entity_id: string;
  /** The invoice the row belongs to (an invoice or a line), so an invoice shows its whole trail. */
  invoice_id: string | null;
  source: 'embedded' | 'mysql';
  actor_id: number;
  at: CreatedAt;
  before: Json<Record<string, unknown>>;
  after: Json<Record<string, unknown>>;
  reason: string;
}

export type RegistrationStatus = 'confirmed' | 'waitlisted' | 'cancelled';

/** Read model of the registration streams; only projections/registrations writes it. */
export interface RegistrationsTable {
  id: number;
  run_id: number;
  event_id: number;
  team_id: number | null;
  user_id: number | null;
  registered_by: number | null;
  status: RegistrationStatus;
  waitlist_position: number | null;
  is_hybrid_opt_in: Generated<boolean>;
  /** Entered late on event day (docs/decisions/045). */
  is_late: Generated<boolean>;
  notes: string | null;
  submitted_at: Timestamp;
  confirmed_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  deleted_at: Timestamp | null;
  updated_at: Timestamp;
  version: number;
}

export interface EventLogTable {
  global_position: Generated<number>;
  stream_id: string;
  stream_type: string;
  version: number;
  type: string;
  data: Json<unknown>;
  metadata: Json<Record<string, unknown>>;
  recorded_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface ProcessedCommandsTable {
  command_id: string;
  stream_id: string;
  /** Who sent the command (null for the system); another actor reusing the id gets 409 (decision 028). */
  actor_id: number | null;
  /** The command's kind (its type name); null for commands recorded before decision 028 (any kind matches). */
  command_kind: string | null;
  first_version: number;
  last_version: number;
  recorded_at: CreatedAt;
}

/** Read model of the run-order streams (projections/run-orders). */
export interface RunOrdersTable {
  run_id: number;
  version: number;
  state: Json<unknown>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/**
 * Read model of the result streams (projections/results): one row per registration with a result; a row
 * at version 0 exists only inside a result command's transaction (its lock, docs/decisions/030).
 */
export interface ResultsTable {
  registration_id: number;
  run_id: number;
  event_id: number;
  recorded: Generated<boolean>;
  heat: number | null;
  position: number | null;
  attempt: Generated<number>;
  raw_time_ms: number | null;
  recorded_outcome: Generated<ResultOutcome>;
  /** The outcome that counts (a disqualifying penalty makes it dq). */
  outcome: Generated<ResultOutcome>;
  penalties: ColumnType<string[], string | undefined, string>;
  penalty_ms: Generated<number>;
  official_time_ms: number | null;
  status: Generated<ResultStatus>;
  source: Generated<'manual' | 'import'>;
  entered_by: number | null;
  entered_at: Timestamp | null;
  last_changed_by: number | null;
  last_changed_at: Timestamp | null;
  validated_by: number | null;
  validated_at: Timestamp | null;
  returned_reason: string | null;
  voided: ColumnType<VoidedAttempt[], string | undefined, string>;
  version: number;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface StreamSnapshotsTable {
  stream_id: string;
  version: number;
  state: Json<unknown>;
  schema_version: number;
  taken_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** National qualifying standards (docs/decisions/068): one per season, run type and run category. */
export interface QualifyingStandardsTable {
  id: Generated<number>;
  season: number;
  run_type: RunType;
  category: string;
  time_ms: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface Database {
  departments: DepartmentsTable;
  users: UsersTable;
  pictures: PicturesTable;
  events: EventsTable;
  runs: RunsTable;
  announcements: AnnouncementsTable;
  announcement_images: AnnouncementImagesTable;
  announcement_image_variants: AnnouncementImageVariantsTable;
  refresh_tokens: RefreshTokensTable;
  account_tokens: AccountTokensTable;
  sign_in_failures: SignInFailuresTable;
  rate_limit_counters: RateLimitCountersTable;
  email_outbox: EmailOutboxTable;
  bios: BiosTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_invitations: TeamInvitationsTable;
  registrations: RegistrationsTable;
  event_log: EventLogTable;
  processed_commands: ProcessedCommandsTable;
  stream_snapshots: StreamSnapshotsTable;
  run_orders: RunOrdersTable;
  results: ResultsTable;
  legacy_audit: LegacyAuditTable;
  qualifying_standards: QualifyingStandardsTable;
}

export type Department = Selectable<DepartmentsTable>;
export type NewDepartment = Insertable<DepartmentsTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type EventRow = Selectable<EventsTable>;
export type NewEvent = Insertable<EventsTable>;
export type Run = Selectable<RunsTable>;
export type NewRun = Insertable<RunsTable>;
export type Announcement = Selectable<AnnouncementsTable>;
export type NewAnnouncement = Insertable<AnnouncementsTable>;
export type Bio = Selectable<BiosTable>;
