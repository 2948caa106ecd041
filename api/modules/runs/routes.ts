import type { AppPlugin } from '../../app.ts';

/** Runs (SPEC 7 "Runs"). */
export const runRoutes: AppPlugin = async () => {};
