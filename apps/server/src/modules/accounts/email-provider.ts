import type { Db } from '../../platform/db.ts';

/** Where e-mail goes. A real provider implements this; the development one keeps an outbox. */
export interface EmailProvider {
  readonly name: string;
  send(message: { email: string; subject: string; body: string }): Promise<void>;
}

export function createOutboxEmailProvider(db: Db): EmailProvider {
  return {
    name: 'outbox',
    async send(message) {
      await db.insertInto('accounts_email_outbox').values(message).execute();
    },
  };
}
