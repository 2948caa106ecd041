/**
 * The auth calls. The calls a person makes from a form raise the usual toast
 * (every failed call does) and the screen also explains the failure inline. The session's
 * own machinery (refresh, me, logout) is silent: its failures are reported with the token-refresh
 * authentication messages (web/lib/auth/token-refresh.ts), or are simply "not signed in".
 */
import type {
  EmailBody,
  LoginBody,
  MessageDto,
  RegisterBody,
  RegisterResponse,
  ResetPasswordBody,
  ResetTokenValidity,
  SessionDto,
  UserDto,
} from '../../../api/contracts/accounts.ts';
import { apiGet, apiSend } from '../api.ts';

const SILENT = { silent: true } as const;
const REPORTED = {} as const;

/** Refuses a body that is not a session, so a broken reply never signs anyone in half-way. */
export function asSession(body: unknown): SessionDto {
  const value = body as Partial<SessionDto> | null | undefined;
  if (
    !value ||
    typeof value.accessToken !== 'string' ||
    value.accessToken === '' ||
    typeof value.tokenExpiresAt !== 'string' ||
    Number.isNaN(Date.parse(value.tokenExpiresAt)) ||
    !value.user ||
    typeof value.user.id !== 'number'
  ) {
    throw new TypeError('The server sent a session without a token, an expiry or a user.');
  }
  return value as SessionDto;
}

export interface AuthCalls {
  login(body: LoginBody): Promise<SessionDto>;
  register(body: RegisterBody): Promise<RegisterResponse>;
  logout(): Promise<void>;
  refresh(): Promise<SessionDto>;
  me(): Promise<UserDto>;
}

export const authCalls: AuthCalls = {
  login: async (body) => asSession(await apiSend<unknown>('POST', '/auth/login', body, REPORTED)),
  register: (body) => apiSend<RegisterResponse>('POST', '/auth/register', body, REPORTED),
  logout: async () => {
    await apiSend<MessageDto>('POST', '/auth/logout', undefined, SILENT);
  },
  refresh: async () => asSession(await apiSend<unknown>('POST', '/auth/refresh', undefined, SILENT)),
  me: () => apiGet<UserDto>('/auth/me', SILENT),
};

export function resendVerification(body: EmailBody): Promise<MessageDto> {
  return apiSend<MessageDto>('POST', '/auth/resend-verification', body, REPORTED);
}

export function verifyEmail(token: string): Promise<MessageDto> {
  return apiSend<MessageDto>('POST', '/auth/verify-email', undefined, { ...REPORTED, query: { token } });
}

export function forgotPassword(body: EmailBody): Promise<MessageDto> {
  return apiSend<MessageDto>('POST', '/auth/forgot-password', body, REPORTED);
}

export function resetPassword(body: ResetPasswordBody): Promise<MessageDto> {
  return apiSend<MessageDto>('POST', '/auth/reset-password', body, REPORTED);
}

export function validateResetToken(token: string, signal?: AbortSignal): Promise<ResetTokenValidity> {
  return apiGet<ResetTokenValidity>('/auth/validate-reset-token', { ...REPORTED, query: { token }, signal });
}
