import type { AppPlugin } from '../../app.ts';

/** Sign-up, sign-in, sessions and account recovery (SPEC 7 "Auth"). */
export const authRoutes: AppPlugin = async () => {};
