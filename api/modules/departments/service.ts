import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DepartmentDto, departmentBodySchema, departmentUpdateBodySchema } from '../../contracts/accounts.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, type DomainError, notFound } from '../../domain/errors.ts';
import { departmentById, departmentForChange, departmentNamed } from './queries.ts';

type DepartmentCreate = z.output<typeof departmentBodySchema>;
type DepartmentChange = z.output<typeof departmentUpdateBodySchema>;

export const departmentNotFound = () => notFound('Department', 'DEPARTMENT_NOT_FOUND');

function nameTaken(clash?: { id: number; deleted_at: Date | null }): DomainError {
  if (clash?.deleted_at) {
    return conflict('DEPARTMENT_NAME_TAKEN', 'A deleted department already has this name; restore it instead.', {
      departmentId: clash.id,
      isDeleted: true,
    });
  }
  return conflict(
    'DEPARTMENT_NAME_TAKEN',
    'A department with this name already exists.',
    clash ? { departmentId: clash.id, isDeleted: false } : undefined,
  );
}

/** Runs a write that may break the unique name; a concurrent twin is caught by the index. */
async function guardName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

function columnsOf(body: DepartmentChange) {
  const values: {
    name?: string;
    city?: string;
    province?: string;
    address?: string | null;
    phone?: string | null;
    email?: string | null;
    website?: string | null;
    is_active?: boolean;
  } = {};
  if (body.name !== undefined) values.name = body.name;
  if (body.city !== undefined) values.city = body.city;
  if (body.province !== undefined) values.province = body.province;
  if (body.address !== undefined) values.address = body.address;
  if (body.phone !== undefined) values.phone = body.phone;
  if (body.email !== undefined) values.email = body.email;
  if (body.website !== undefined) values.website = body.website;
  if (body.isActive !== undefined) values.is_active = body.isActive;
  return values;
}

export async function createDepartment(db: Kysely<Database>, body: DepartmentCreate): Promise<DepartmentDto> {
  return db.transaction().execute(async (trx) => {
    const clash = await departmentNamed(trx, body.name);
    if (clash) throw nameTaken(clash);
    const row = await guardName(() =>
      trx
        .insertInto('departments')
        .values({
          address: null,
          phone: null,
          email: null,
          website: null,
          ...columnsOf(body),
          name: body.name,
          city: body.city,
          province: body.province,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    return (await departmentById(trx, row.id)) as DepartmentDto;
  });
}

/** A soft-deleted department is not edited: restore it first (docs/decisions/011). */
export async function updateDepartment(
  db: Kysely<Database>,
  id: number,
  body: DepartmentChange,
): Promise<DepartmentDto> {
  return db.transaction().execute(async (trx) => {
    const current = await departmentForChange(trx, id);
    if (!current || current.deleted_at) throw departmentNotFound();
    if (body.name !== undefined) {
      const clash = await departmentNamed(trx, body.name, id);
      if (clash) throw nameTaken(clash);
    }
    const values = columnsOf(body);
    if (Object.keys(values).length > 0) {
      await guardName(() =>
        trx
          .updateTable('departments')
          .set({ ...values, updated_at: new Date() })
          .where('id', '=', id)
          .execute(),
      );
    }
    return (await departmentById(trx, id)) as DepartmentDto;
  });
}

/** Soft-deletes or restores; asking for the state it is already in changes nothing. */
export async function setDepartmentDeleted(db: Kysely<Database>, id: number, deleted: boolean): Promise<DepartmentDto> {
  return db.transaction().execute(async (trx) => {
    const current = await departmentForChange(trx, id);
    if (!current) throw departmentNotFound();
    if ((current.deleted_at !== null) !== deleted) {
      const now = new Date();
      await trx
        .updateTable('departments')
        .set({ deleted_at: deleted ? now : null, updated_at: now })
        .where('id', '=', id)
        .execute();
    }
    return (await departmentById(trx, id)) as DepartmentDto;
  });
}
