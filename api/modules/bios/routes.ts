import type { AppPlugin } from '../../app.ts';

/** Bios and profile photos (SPEC 7 "Bios"). */
export const bioRoutes: AppPlugin = async () => {};
