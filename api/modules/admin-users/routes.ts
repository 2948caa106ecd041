import type { AppPlugin } from '../../app.ts';

/** Admin users under /api/admin-users: super-admin only (SPEC 7 "Admin users"). */
export const adminUserRoutes: AppPlugin = async () => {};
