// How dynamic codes reach a provider. Real deployments plug in their SMS or mail gateway by implementing
// Notifier; the default keeps every message in the outbox table and writes it to the server log, so a demo
// or a test can read the code there. A code is never put in an API answer.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface Notification {
  /** The provider told, or null for a message to an operator. */
  providerId: number | null;
  /** 'sms' or 'email'. */
  channel: string;
  recipient: string;
  subject: string;
  body: string;
}

export interface Notifier {
  send(n: Notification): Promise<void>;
}

export class OutboxNotifier implements Notifier {
  constructor(
    private db: Kysely<Database>,
    private log: (line: string) => void,
  ) {}

  async send(n: Notification): Promise<void> {
    await this.db
      .insertInto('outbox')
      .values({
        provider_id: n.providerId,
        channel: n.channel,
        recipient: n.recipient,
        subject: n.subject,
        body: n.body,
        created_at: Date.now(),
      })
      .execute();
    this.log(`outbox: ${n.channel} to ${n.recipient || '(no address)'}: ${n.subject}: ${n.body}`);
  }
}
