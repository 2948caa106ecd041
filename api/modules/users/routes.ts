import type { AppPlugin } from '../../app.ts';

/** Users: list, search, filter, read, update, activate, deactivate (SPEC 7 "Users"). */
export const userRoutes: AppPlugin = async () => {};
