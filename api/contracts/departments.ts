import { z } from 'zod';

/** What anyone may read about a department: its name and how to reach it. */
export const publicDepartmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  province: z.string(),
  website: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
});
export type PublicDepartment = z.infer<typeof publicDepartmentSchema>;
