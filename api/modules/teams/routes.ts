import type { AppPlugin } from '../../app.ts';

/** Teams (SPEC 7 "Teams"). */
export const teamRoutes: AppPlugin = async () => {};
