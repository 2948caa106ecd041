import type { Kysely } from 'kysely';
import type { PublicDepartment } from '../../contracts/departments.ts';
import type { Database } from '../../db/schema.ts';

/** An active, not deleted department's public card. */
export async function publicDepartmentById(db: Kysely<Database>, id: number): Promise<PublicDepartment | undefined> {
  return db
    .selectFrom('departments')
    .select(['id', 'name', 'city', 'province', 'website', 'email', 'phone', 'address'])
    .where('id', '=', id)
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
