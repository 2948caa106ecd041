import type { AppPlugin } from '../../app.ts';

/** Events in the portal: list, filter, create, update, soft-delete, activate, status transitions, picture (SPEC 7 "Events"). */
export const eventAdminRoutes: AppPlugin = async () => {};
