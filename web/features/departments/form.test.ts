import { describe, expect, it } from 'vitest';
import { type DepartmentDto, departmentBodySchema, PROVINCES } from '../../../api/contracts/accounts.ts';
import { validateWith } from '../../lib/portal/forms.ts';
import { departmentBody, departmentValues, EMPTY_DEPARTMENT, PROVINCE_NAMES } from './form.ts';

const department: DepartmentDto = {
  id: 7,
  name: 'Calgary Fire Department',
  city: 'Calgary',
  province: 'AB',
  address: null,
  phone: '403-555-0100',
  email: null,
  website: 'https://calgary.example',
  isActive: true,
  isDeleted: false,
  deletedAt: null,
  memberCount: 12,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};

describe('department form', () => {
  it('starts empty and active for a new department', () => {
    expect(departmentValues(undefined)).toEqual(EMPTY_DEPARTMENT);
    expect(EMPTY_DEPARTMENT.isActive).toBe(true);
  });

  it('starts from the saved department, nulls as empty text', () => {
    expect(departmentValues(department)).toEqual({
      name: 'Calgary Fire Department',
      city: 'Calgary',
      province: 'AB',
      address: '',
      phone: '403-555-0100',
      email: '',
      website: 'https://calgary.example',
      isActive: true,
    });
  });

  it('sends cleared optional fields so that the schema turns them into null', () => {
    const values = { ...departmentValues(department), phone: '  ', website: '' };
    const result = validateWith(departmentBodySchema, departmentBody(values));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data).toMatchObject({
      name: 'Calgary Fire Department',
      phone: null,
      website: null,
      email: null,
      address: null,
      isActive: true,
    });
  });

  it('needs a province chosen', () => {
    const result = validateWith(departmentBodySchema, departmentBody({ ...EMPTY_DEPARTMENT, name: 'X', city: 'Y' }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual(['province']);
  });

  it('refuses a bad e-mail with the shared message', () => {
    const result = validateWith(
      departmentBodySchema,
      departmentBody({ ...departmentValues(department), email: 'not-an-address' }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.email).toBe('Please enter a valid email address');
  });

  it('names every province and territory', () => {
    expect(Object.keys(PROVINCE_NAMES).sort()).toEqual([...PROVINCES].sort());
  });
});
