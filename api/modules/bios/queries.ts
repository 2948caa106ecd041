import type { Kysely } from 'kysely';
import type { BioDto } from '../../contracts/accounts.ts';
import { iso } from '../../db/rows.ts';
import type { Database } from '../../db/schema.ts';

/** Characters of the photo checksum put in its URL: a new photo gets a new URL, so caches never hide it. */
const PHOTO_VERSION_LENGTH = 12;

export function photoUrlOf(bioId: number, checksum: string | null): string | null {
  return checksum
    ? `/api/users/bios/${bioId}/photo?v=${encodeURIComponent(checksum.slice(0, PHOTO_VERSION_LENGTH))}`
    : null;
}

/**
 * A bio with what its public page shows of the account (names, department, whether it is active)
 * and its photo's checksum (never the photo bytes).
 */
export function selectBios(db: Kysely<Database>) {
  return db
    .selectFrom('bios')
    .innerJoin('users', 'users.id', 'bios.user_id')
    .leftJoin('departments', 'departments.id', 'users.department_id')
    .leftJoin('pictures', 'pictures.id', 'bios.photo_id')
    .select([
      'bios.id',
      'bios.user_id',
      'users.first_name',
      'users.last_name',
      'users.is_active',
      'departments.name as department_name',
      'bios.headline',
      'bios.about',
      'bios.position',
      'bios.years_of_service',
      'bios.hometown',
      'bios.photo_id',
      'pictures.checksum as photo_checksum',
      'bios.created_at',
      'bios.updated_at',
    ]);
}

export type BioRow = Awaited<ReturnType<ReturnType<typeof selectBios>['executeTakeFirstOrThrow']>>;

export function toBioDto(row: BioRow): BioDto {
  return {
    id: row.id,
    userId: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    departmentName: row.department_name,
    headline: row.headline,
    about: row.about,
    position: row.position,
    yearsOfService: row.years_of_service,
    hometown: row.hometown,
    photoUrl: photoUrlOf(row.id, row.photo_checksum),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function bioRowById(db: Kysely<Database>, id: number): Promise<BioRow | undefined> {
  return selectBios(db).where('bios.id', '=', id).executeTakeFirst();
}

export function bioRowByUserId(db: Kysely<Database>, userId: number): Promise<BioRow | undefined> {
  return selectBios(db).where('bios.user_id', '=', userId).executeTakeFirst();
}
