import type { Db } from '../../platform/db.ts';

/**
 * Where SMS go. A real gateway (Zenvia, Twilio, …) implements this and is chosen by
 * configuration; the development provider keeps an outbox that operators and tests read.
 */
export interface SmsProvider {
  readonly name: string;
  send(message: { mobile: string; body: string }): Promise<void>;
}

export function createOutboxSmsProvider(db: Db): SmsProvider {
  return {
    name: 'outbox',
    async send(message) {
      await db.insertInto('accounts_sms_outbox').values({ mobile: message.mobile, body: message.body }).execute();
    },
  };
}
