import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { insertUser } from '../support/factories.ts';

/**
 * An SMTP server that greets and then answers nothing, keeping the connection open (decision 072): the
 * message fails within SMTP_TIMEOUT_MS and is marked so in the outbox, and nothing waits on it forever
 * (the mailer goes idle, so shutdown does too).
 */
let t: TestApp;
let server: net.Server;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    socket.write('220 stalls.test ESMTP\r\n');
    // Then silence: EHLO and everything after it go unanswered.
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_TIMEOUT_MS: '300', AUTH_RATE_LIMIT: '1000' },
  });
});
afterAll(async () => {
  await t?.close();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server?.close(resolve));
});

describe('an SMTP server that stops answering', () => {
  it('fails the message within its bound and records why, and the mailer goes idle', async () => {
    const user = await insertUser(t.database.db, { email: 'stall@example.test' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBeLessThan(300);
    // The message is written and sent after the answer (decision 025). The poll's limit is a net, not a
    // measure: without the bound the send would wait on the silent server for minutes.
    const row = () =>
      t.database.db
        .selectFrom('email_outbox')
        .select(['status', 'error'])
        .where('to_address', '=', 'stall@example.test')
        .executeTakeFirst();
    await expect.poll(async () => (await row())?.status, { timeout: 30_000, interval: 100 }).toBe('failed');
    expect((await row())?.error).toMatch(/time/i);
    await t.app.mailer.idle();
  });
});
