import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import type { Database } from '../../db/schema.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Links worth printing in the log when there is no SMTP server (verify, reset). */
  links?: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * Every message is first written to the email_outbox table, inside the caller's transaction, so a
 * message exists exactly when the change that caused it committed. After commit, deliver() sends it
 * over SMTP when SMTP_URL is set; without it the outbox is the delivery and the links go to the log.
 * Delivery runs in the background so an answer never waits on (or reveals anything through) a mail server.
 */
export class Mailer {
  private readonly pending = new Set<Promise<void>>();
  /** SMTP_URL's transport, made at the first delivery: nodemailer is loaded only where mail is sent (decision 078). */
  private transport: Promise<Transporter> | undefined;
  private readonly smtp: { url: string; timeoutMs: number } | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    smtpUrl: string | undefined,
    private readonly from: string,
    timeoutMs = 30000,
  ) {
    this.smtp = smtpUrl ? { url: smtpUrl, timeoutMs } : undefined;
  }

  private transportFor(smtp: { url: string; timeoutMs: number }): Promise<Transporter> {
    // One connection a message, so no pool can hold a dead one; each step is bounded, so a server that
    // stops answering fails the message (recorded on its row) and never holds shutdown (decision 072).
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtp.url,
        connectionTimeout: smtp.timeoutMs,
        greetingTimeout: smtp.timeoutMs,
        socketTimeout: smtp.timeoutMs,
      }),
    );
    return this.transport;
  }

  /** Writes the message to the outbox in the given transaction; returns its id for deliver(). */
  async enqueue(trx: Kysely<Database>, message: EmailMessage): Promise<number> {
    const row = await trx
      .insertInto('email_outbox')
      .values({
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        status: 'outbox',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!this.smtp) {
      this.log.info(
        { emailId: row.id, to: message.to, subject: message.subject, links: message.links },
        'e-mail kept in the outbox (no SMTP_URL)',
      );
    }
    return row.id;
  }

  /** Sends committed messages; never throws (a failure is recorded on the outbox row). */
  deliver(ids: number[]): void {
    if (!this.smtp || ids.length === 0) return;
    const job = this.send(ids).finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /** Resolves when every started delivery has finished (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  close(): void {
    void this.transport?.then((transport) => transport.close()).catch(() => {});
  }

  private async send(ids: number[]): Promise<void> {
    if (!this.smtp) return;
    const rows = await this.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('id', 'in', ids)
      .where('status', '!=', 'sent')
      .execute();
    for (const row of rows) {
      try {
        const transport = await this.transportFor(this.smtp);
        await transport.sendMail({
          from: this.from,
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
        });
        await this.db
          .updateTable('email_outbox')
          .set({ status: 'sent', sent_at: new Date(), error: null })
          .where('id', '=', row.id)
          .execute();
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        this.log.error({ emailId: row.id, err: error }, 'e-mail could not be sent');
        await this.db
          .updateTable('email_outbox')
          .set({ status: 'failed', error: reason.slice(0, 500) })
          .where('id', '=', row.id)
          .execute()
          .catch(() => {});
      }
    }
  }
}

export const mailerPlugin = fp(async (app: FastifyInstance) => {
  const host = new URL(app.config.publicUrl).hostname;
  const mailer = new Mailer(
    app.db,
    app.log,
    app.config.smtpUrl,
    `FireFit Canada <no-reply@${host.includes('.') ? host : 'firefit.example'}>`,
    app.config.smtpTimeoutMs,
  );
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => {
    await mailer.idle();
    mailer.close();
  });
});
