import type { AppPlugin } from '../../app.ts';

/** Registrations, event-sourced (SPEC 7 "Registrations"). */
export const registrationRoutes: AppPlugin = async () => {};
