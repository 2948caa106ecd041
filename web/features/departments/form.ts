/** The department form: values to and from the API (the body is validated with departmentBodySchema). */
import { type DepartmentBody, type DepartmentDto, PROVINCES } from '../../../api/contracts/accounts.ts';

export interface DepartmentValues {
  name: string;
  city: string;
  /** '' until one is chosen (the schema then says which provinces it takes). */
  province: string;
  address: string;
  phone: string;
  email: string;
  website: string;
  isActive: boolean;
}

export const DEPARTMENT_FIELDS = [
  'name',
  'city',
  'province',
  'address',
  'phone',
  'email',
  'website',
  'isActive',
] as const;

export const EMPTY_DEPARTMENT: DepartmentValues = {
  name: '',
  city: '',
  province: '',
  address: '',
  phone: '',
  email: '',
  website: '',
  isActive: true,
};

export function departmentValues(department: DepartmentDto | null | undefined): DepartmentValues {
  if (!department) return { ...EMPTY_DEPARTMENT };
  return {
    name: department.name,
    city: department.city,
    province: (PROVINCES as readonly string[]).includes(department.province) ? department.province : '',
    address: department.address ?? '',
    phone: department.phone ?? '',
    email: department.email ?? '',
    website: department.website ?? '',
    isActive: department.isActive,
  };
}

/**
 * The POST/PUT body before validation. Optional text goes as typed (trimmed); the schema turns ''
 * into null, so a cleared field is cleared on the server.
 */
export function departmentBody(values: DepartmentValues): DepartmentBody {
  return {
    name: values.name,
    city: values.city,
    province: values.province as DepartmentBody['province'],
    address: values.address.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    website: values.website.trim(),
    isActive: values.isActive,
  };
}

export const PROVINCE_NAMES: Readonly<Record<(typeof PROVINCES)[number], string>> = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};
