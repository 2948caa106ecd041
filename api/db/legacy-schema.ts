import type { Generated } from 'kysely';

/**
 * The legacy billing tables as Kysely sees them (docs/legacy-billing.md, docs/decisions/037). The same
 * names on both sources: the `legacy` schema of the main database (migration 0011) and a MySQL/MariaDB
 * database. BIGINT ids, DECIMAL money and dates are strings end to end (written as strings, read through
 * `asText` in api/db/legacy-values.ts); booleans are TINYINT(1) on MySQL, so they read as 0/1 there.
 */
type Id = string;
type Money = string;
/** 'YYYY-MM-DD', null for a missing or (MySQL) zero date. */
type DateText = string | null;
/** 'YYYY-MM-DD HH:MM:SS' in UTC. */
type DateTimeText = string | null;
type Flag = boolean | number;

export interface LegacyEventsTable {
  id: Id;
  name: string;
  year: number;
  event_date: DateText;
  city: string;
}

export interface LegacyUsersTable {
  id: Id;
  email: string;
  first_name: string;
  last_name: string;
  joined_year: number;
  is_active: Flag;
  created_at: DateTimeText;
  last_login_at: DateTimeText;
}

export interface LegacyUserActivityTable {
  id: Id;
  user_id: Id;
  occurred_at: DateTimeText;
  action: string;
  detail: string;
}

export interface LegacyRegistrationsTable {
  id: Id;
  user_id: Id;
  event_id: Id;
  year: number;
  category: string;
  status: string;
  registered_at: DateTimeText;
  invoice_id: Id | null;
}

export interface LegacyInvoicesTable {
  id: Id;
  number: string;
  year: number;
  user_id: Id;
  event_id: Id | null;
  issued_on: DateText;
  due_on: DateText;
  status: string;
  currency: string;
  subtotal: Money;
  tax_total: Money;
  total: Money;
  cancels_invoice_id: Id | null;
  notes: string | null;
  version: Generated<number>;
  updated_at: DateTimeText;
}

export interface LegacyInvoiceLinesTable {
  id: Id;
  invoice_id: Id;
  position: number;
  description: string;
  quantity: string;
  unit_price: Money;
  tax_rate: string;
  line_total: Money;
  tax_amount: Money;
  version: Generated<number>;
}

export interface LegacyPaymentsTable {
  id: Id;
  year: number;
  user_id: Id;
  amount: Money;
  method: string;
  reference: string;
  state: string;
  paid_on: DateText;
  notes: string | null;
  is_deleted: Flag;
  deleted_at: DateTimeText;
  version: Generated<number>;
}

export interface LegacyPaymentAllocationsTable {
  payment_id: Id;
  invoice_id: Id;
  amount: Money;
}

export interface LegacyPaymentCodesTable {
  id: Id;
  code: string;
  year: number;
  discount_type: string;
  discount_value: string;
  max_uses: number | null;
  uses: number;
  valid_from: DateText;
  valid_until: DateText;
  description: string;
}

export interface LegacyCreditTransactionsTable {
  id: Id;
  user_id: Id;
  amount: Money;
  kind: string;
  description: string;
  invoice_id: Id | null;
  created_at: DateTimeText;
}

export interface LegacyDatabase {
  events: LegacyEventsTable;
  users: LegacyUsersTable;
  user_activity: LegacyUserActivityTable;
  registrations: LegacyRegistrationsTable;
  invoices: LegacyInvoicesTable;
  invoice_lines: LegacyInvoiceLinesTable;
  payments: LegacyPaymentsTable;
  payment_allocations: LegacyPaymentAllocationsTable;
  payment_codes: LegacyPaymentCodesTable;
  credit_transactions: LegacyCreditTransactionsTable;
}

export type LegacyTable = keyof LegacyDatabase;

/** Every legacy table, parents first (the order the import and the fixtures write them in). */
export const LEGACY_TABLES: readonly LegacyTable[] = [
  'events',
  'users',
  'user_activity',
  'registrations',
  'invoices',
  'invoice_lines',
  'payments',
  'payment_allocations',
  'payment_codes',
  'credit_transactions',
];

/**
 * The MySQL/MariaDB shape of the legacy database, as the old system has it: what the tests, the benchmark
 * and a fresh MariaDB for trying the import are created with (docs/legacy-billing.md).
 */
export const LEGACY_MYSQL_DDL: readonly string[] = [
  `create table events (
    id bigint not null primary key, name varchar(200) not null, year int not null, event_date date null,
    city varchar(100) not null default '')`,
  `create table users (
    id bigint not null primary key, email varchar(254) not null, first_name varchar(100) not null,
    last_name varchar(100) not null, joined_year int not null, is_active tinyint(1) not null default 1,
    created_at datetime null, last_login_at datetime null,
    key users_email_idx (email), key users_joined_year_idx (joined_year))`,
  `create table user_activity (
    id bigint not null primary key, user_id bigint not null, occurred_at datetime null,
    action varchar(50) not null, detail varchar(255) not null default '', key user_activity_user_idx (user_id))`,
  `create table registrations (
    id bigint not null primary key, user_id bigint not null, event_id bigint not null, year int not null,
    category varchar(50) not null, status varchar(20) not null, registered_at datetime null, invoice_id bigint null,
    key registrations_year_idx (year), key registrations_user_idx (user_id), key registrations_event_idx (event_id))`,
  `create table invoices (
    id bigint not null primary key, number varchar(30) not null, year int not null, user_id bigint not null,
    event_id bigint null, issued_on date null, due_on date null, status varchar(20) not null,
    currency char(3) not null default 'CAD', subtotal decimal(12,2) not null default 0,
    tax_total decimal(12,2) not null default 0, total decimal(12,2) not null default 0,
    cancels_invoice_id bigint null, notes text null, version int not null default 1, updated_at datetime null,
    unique key invoices_number_key (number), key invoices_year_status_idx (year, status), key invoices_user_idx (user_id))`,
  `create table invoice_lines (
    id bigint not null primary key, invoice_id bigint not null, position int not null,
    description varchar(255) not null, quantity decimal(10,2) not null, unit_price decimal(12,2) not null,
    tax_rate decimal(5,2) not null default 0, line_total decimal(12,2) not null,
    tax_amount decimal(12,2) not null default 0, version int not null default 1,
    key invoice_lines_invoice_idx (invoice_id, position))`,
  `create table payments (
    id bigint not null primary key, year int not null, user_id bigint not null, amount decimal(12,2) not null,
    method varchar(20) not null, reference varchar(100) not null default '', state varchar(20) not null,
    paid_on date null, notes text null, is_deleted tinyint(1) not null default 0, deleted_at datetime null,
    version int not null default 1, key payments_year_idx (year), key payments_user_idx (user_id))`,
  `create table payment_allocations (
    payment_id bigint not null, invoice_id bigint not null, amount decimal(12,2) not null,
    primary key (payment_id, invoice_id), key payment_allocations_invoice_idx (invoice_id))`,
  `create table payment_codes (
    id bigint not null primary key, code varchar(40) not null, year int not null, discount_type varchar(10) not null,
    discount_value decimal(10,2) not null, max_uses int null, uses int not null default 0,
    valid_from date null, valid_until date null, description varchar(255) not null default '',
    unique key payment_codes_year_code_key (year, code))`,
  `create table credit_transactions (
    id bigint not null primary key, user_id bigint not null, amount decimal(12,2) not null, kind varchar(20) not null,
    description varchar(255) not null default '', invoice_id bigint null, created_at datetime null,
    key credit_transactions_user_idx (user_id))`,
];

/** Every column of every legacy table, primary key first (the import copies them all). */
export const LEGACY_COLUMNS: { readonly [T in LegacyTable]: readonly (keyof LegacyDatabase[T] & string)[] } = {
  events: ['id', 'name', 'year', 'event_date', 'city'],
  users: ['id', 'email', 'first_name', 'last_name', 'joined_year', 'is_active', 'created_at', 'last_login_at'],
  user_activity: ['id', 'user_id', 'occurred_at', 'action', 'detail'],
  registrations: ['id', 'user_id', 'event_id', 'year', 'category', 'status', 'registered_at', 'invoice_id'],
  invoices: [
    'id',
    'number',
    'year',
    'user_id',
    'event_id',
    'issued_on',
    'due_on',
    'status',
    'currency',
    'subtotal',
    'tax_total',
    'total',
    'cancels_invoice_id',
    'notes',
    'version',
    'updated_at',
  ],
  invoice_lines: [
    'id',
    'invoice_id',
    'position',
    'description',
    'quantity',
    'unit_price',
    'tax_rate',
    'line_total',
    'tax_amount',
    'version',
  ],
  payments: [
    'id',
    'year',
    'user_id',
    'amount',
    'method',
    'reference',
    'state',
    'paid_on',
    'notes',
    'is_deleted',
    'deleted_at',
    'version',
  ],
  payment_allocations: ['payment_id', 'invoice_id', 'amount'],
  payment_codes: [
    'id',
    'code',
    'year',
    'discount_type',
    'discount_value',
    'max_uses',
    'uses',
    'valid_from',
    'valid_until',
    'description',
  ],
  credit_transactions: ['id', 'user_id', 'amount', 'kind', 'description', 'invoice_id', 'created_at'],
};

/** The DECIMAL columns whose sums the import compares, per table. */
export const LEGACY_MONEY_COLUMNS: { readonly [T in LegacyTable]?: readonly (keyof LegacyDatabase[T] & string)[] } = {
  invoices: ['subtotal', 'tax_total', 'total'],
  invoice_lines: ['line_total', 'tax_amount'],
  payments: ['amount'],
  payment_allocations: ['amount'],
  payment_codes: ['discount_value'],
  credit_transactions: ['amount'],
};
