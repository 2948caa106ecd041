import { type Kysely, sql } from 'kysely';

// Frozen: never edit once landed; add a new migration instead.
export async function up(db: Kysely<any>): Promise<void> {
  // The legacy billing tables (docs/legacy-billing.md, docs/decisions/037): the embedded copy of the old
  // MySQL/MariaDB database, in a schema of its own, with the same table and column names. Ids are BIGINT as
  // there; money is numeric(12,2) (DECIMAL there); a legacy zero date is NULL here.
  await sql`create schema if not exists legacy`.execute(db);
  const legacy = db.withSchema('legacy');

  await legacy.schema
    .createTable('events')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('event_date', 'date')
    .addColumn('city', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .execute();

  await legacy.schema
    .createTable('users')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('joined_year', 'integer', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', sql`timestamp(0)`)
    .addColumn('last_login_at', sql`timestamp(0)`)
    .execute();
  await legacy.schema.createIndex('users_email_idx').on('users').column('email').execute();
  await legacy.schema.createIndex('users_joined_year_idx').on('users').column('joined_year').execute();

  await legacy.schema
    .createTable('user_activity')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('occurred_at', sql`timestamp(0)`)
    .addColumn('action', 'varchar(50)', (c) => c.notNull())
    .addColumn('detail', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();
  await legacy.schema.createIndex('user_activity_user_idx').on('user_activity').column('user_id').execute();

  await legacy.schema
    .createTable('registrations')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('event_id', 'bigint', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('category', 'varchar(50)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('registered_at', sql`timestamp(0)`)
    .addColumn('invoice_id', 'bigint')
    .execute();
  await legacy.schema.createIndex('registrations_year_idx').on('registrations').column('year').execute();
  await legacy.schema.createIndex('registrations_user_idx').on('registrations').column('user_id').execute();
  await legacy.schema.createIndex('registrations_event_idx').on('registrations').column('event_id').execute();

  await legacy.schema
    .createTable('invoices')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('number', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('event_id', 'bigint')
    .addColumn('issued_on', 'date')
    .addColumn('due_on', 'date')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('currency', 'char(3)', (c) => c.notNull().defaultTo('CAD'))
    .addColumn('subtotal', 'numeric(12, 2)', (c) => c.notNull().defaultTo(0))
    .addColumn('tax_total', 'numeric(12, 2)', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'numeric(12, 2)', (c) => c.notNull().defaultTo(0))
    .addColumn('cancels_invoice_id', 'bigint')
    .addColumn('notes', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', sql`timestamp(0)`)
    .execute();
  await legacy.schema.createIndex('invoices_year_status_idx').on('invoices').columns(['year', 'status']).execute();
  await legacy.schema.createIndex('invoices_user_idx').on('invoices').column('user_id').execute();

  await legacy.schema
    .createTable('invoice_lines')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('invoice_id', 'bigint', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull())
    .addColumn('quantity', 'numeric(10, 2)', (c) => c.notNull())
    .addColumn('unit_price', 'numeric(12, 2)', (c) => c.notNull())
    .addColumn('tax_rate', 'numeric(5, 2)', (c) => c.notNull().defaultTo(0))
    .addColumn('line_total', 'numeric(12, 2)', (c) => c.notNull())
    .addColumn('tax_amount', 'numeric(12, 2)', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await legacy.schema
    .createIndex('invoice_lines_invoice_idx')
    .on('invoice_lines')
    .columns(['invoice_id', 'position'])
    .execute();

  await legacy.schema
    .createTable('payments')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'numeric(12, 2)', (c) => c.notNull())
    .addColumn('method', 'varchar(20)', (c) => c.notNull())
    .addColumn('reference', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('paid_on', 'date')
    .addColumn('notes', 'text')
    .addColumn('is_deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('deleted_at', sql`timestamp(0)`)
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await legacy.schema.createIndex('payments_year_idx').on('payments').column('year').execute();
  await legacy.schema.createIndex('payments_user_idx').on('payments').column('user_id').execute();

  // A payment may settle several invoices, and an invoice be settled by several payments.
  await legacy.schema
    .createTable('payment_allocations')
    .addColumn('payment_id', 'bigint', (c) => c.notNull())
    .addColumn('invoice_id', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'numeric(12, 2)', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_allocations_pk', ['payment_id', 'invoice_id'])
    .execute();
  await legacy.schema
    .createIndex('payment_allocations_invoice_idx')
    .on('payment_allocations')
    .column('invoice_id')
    .execute();

  await legacy.schema
    .createTable('payment_codes')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('code', 'varchar(40)', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('discount_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('discount_value', 'numeric(10, 2)', (c) => c.notNull())
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_from', 'date')
    .addColumn('valid_until', 'date')
    .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('payment_codes_year_code_key', ['year', 'code'])
    .execute();

  await legacy.schema
    .createTable('credit_transactions')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'numeric(12, 2)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('invoice_id', 'bigint')
    .addColumn('created_at', sql`timestamp(0)`)
    .execute();
  await legacy.schema.createIndex('credit_transactions_user_idx').on('credit_transactions').column('user_id').execute();

  // The audit trail of corrections made through the portal (docs/decisions/038): in the main database,
  // whichever source the legacy tables are read from.
  await db.schema
    .createTable('legacy_audit')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('entity', 'text', (c) => c.notNull().check(sql`entity in ('invoice', 'invoice_line', 'payment')`))
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('invoice_id', 'text')
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('embedded', 'mysql')`))
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('before', 'jsonb', (c) => c.notNull())
    .addColumn('after', 'jsonb', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('legacy_audit_entity_idx').on('legacy_audit').columns(['entity', 'entity_id']).execute();
  await db.schema.createIndex('legacy_audit_invoice_idx').on('legacy_audit').column('invoice_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('legacy_audit').execute();
  await sql`drop schema legacy cascade`.execute(db);
}
