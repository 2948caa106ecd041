import { expect } from 'vitest';

/** The answer has this status and the error envelope every refusal carries (status, code, message, request id). */
export function expectEnvelope(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({
    statusCode: status,
    code,
    message: expect.any(String),
    requestId: expect.any(String),
  });
}
