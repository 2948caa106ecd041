import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DepartmentDto, DepartmentPage } from '../../contracts/accounts.ts';
import { containsPattern } from '../../db/like.ts';
import { iso } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';

/** Departments with the number of accounts that belong to them. */
function selectDepartments(db: Kysely<Database>) {
  return db
    .selectFrom('departments')
    .select([
      'departments.id',
      'departments.name',
      'departments.city',
      'departments.province',
      'departments.address',
      'departments.phone',
      'departments.email',
      'departments.website',
      'departments.is_active',
      'departments.deleted_at',
      'departments.created_at',
      'departments.updated_at',
      (eb) =>
        eb
          .selectFrom('users')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('users.department_id', '=', 'departments.id')
          .as('member_count'),
    ]);
}

type DepartmentRow = Awaited<ReturnType<ReturnType<typeof selectDepartments>['executeTakeFirstOrThrow']>>;

function toDepartmentDto(row: DepartmentRow): DepartmentDto {
  return {
    id: row.id,
    name: row.name,
    city: row.city,
    province: row.province,
    address: row.address,
    phone: row.phone,
    email: row.email,
    website: row.website,
    isActive: row.is_active,
    isDeleted: row.deleted_at !== null,
    deletedAt: row.deleted_at ? iso(row.deleted_at) : null,
    memberCount: Number(row.member_count ?? 0),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Any department, soft-deleted ones included (what an admin may see). */
export async function departmentById(db: Kysely<Database>, id: number): Promise<DepartmentDto | undefined> {
  const row = await selectDepartments(db).where('departments.id', '=', id).executeTakeFirst();
  return row && toDepartmentDto(row);
}

/** An active, not deleted department: all that anyone but an admin may see. */
export async function visibleDepartmentById(db: Kysely<Database>, id: number): Promise<DepartmentDto | undefined> {
  const row = await selectDepartments(db)
    .where('departments.id', '=', id)
    .where('departments.is_active', '=', true)
    .where('departments.deleted_at', 'is', null)
    .executeTakeFirst();
  return row && toDepartmentDto(row);
}

export interface DepartmentFilter {
  /** Admins see inactive departments too, and the soft-deleted ones when they ask for them. */
  asAdmin: boolean;
  isActive?: boolean;
  /** true: only the soft-deleted ones; otherwise only the others. */
  deleted?: boolean;
  /** Free text over name and city. */
  query?: string;
}

/**
 * One page of departments by name (docs/decisions/011). The filters are applied on top of what the
 * caller may see, so a non-admin asking for inactive or deleted departments gets an empty page.
 */
export async function pageOfDepartments(
  db: Kysely<Database>,
  filter: DepartmentFilter,
  { page, limit }: { page: number; limit: number },
): Promise<DepartmentPage> {
  let base = db.selectFrom('departments');
  if (!filter.asAdmin)
    base = base.where('departments.is_active', '=', true).where('departments.deleted_at', 'is', null);
  base = filter.deleted
    ? base.where('departments.deleted_at', 'is not', null)
    : base.where('departments.deleted_at', 'is', null);
  if (filter.isActive !== undefined) base = base.where('departments.is_active', '=', filter.isActive);
  const text = filter.query?.trim();
  if (text) {
    const pattern = containsPattern(text);
    base = base.where((eb) =>
      eb.or([eb('departments.name', 'ilike', pattern), eb('departments.city', 'ilike', pattern)]),
    );
  }
  const ids = base.select('departments.id');
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await selectDepartments(db)
    .where('departments.id', 'in', ids)
    .orderBy(sql`lower(${sql.ref('departments.name')})`)
    .orderBy('departments.id')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { data: rows.map(toDepartmentDto), meta: { total: Number(counted.total), page, perPage: limit } };
}

/**
 * Whether an account may join this department: it exists, is active and is not deleted. The row is
 * share-locked until the transaction ends, so it cannot be deactivated or deleted in between.
 */
export async function isDepartmentOpenForMembers(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('departments')
    .select('id')
    .where('id', '=', id)
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .forShare()
    .executeTakeFirst();
  return row !== undefined;
}

/** The department, if any, that already uses this name (names are unique without regard to case). */
export async function departmentNamed(db: Kysely<Database>, name: string, exceptId?: number) {
  let q = db
    .selectFrom('departments')
    .select(['id', 'deleted_at'])
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
}

/** The department's row for a write, locked until the transaction ends. */
export async function departmentForChange(db: Kysely<Database>, id: number) {
  return db.selectFrom('departments').select(['id', 'deleted_at']).where('id', '=', id).forUpdate().executeTakeFirst();
}
