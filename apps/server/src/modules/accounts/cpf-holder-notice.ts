import type { Db } from '../../platform/db.ts';
import { findCpfHolderContacts } from './accounts.repository.ts';
import type { EmailProvider } from './email-provider.ts';
import type { SmsProvider } from './sms-provider.ts';

/**
 * Registration answers a taken CPF neutrally (no membership oracle for anyone holding a list of
 * CPFs); the holder is the one told, by e-mail and SMS, that the CPF was just used. Best effort:
 * a provider failure must not change the answer the visitor sees.
 */
export function createCpfHolderNotice(deps: { db: Db; email: EmailProvider; sms: SmsProvider }) {
  return async function notifyCpfHolder(cpf: string): Promise<void> {
    const holder = await findCpfHolderContacts(deps.db, cpf);
    if (!holder) return;
    const sends: Promise<void>[] = [];
    if (holder.email) {
      sends.push(
        deps.email.send({
          email: holder.email,
          subject: 'Tentativa de cadastro com seu CPF / Sign-up attempt with your CPF',
          body: [
            'Alguém tentou criar uma nova conta com o seu CPF. Se foi você, entre na sua conta ou recupere a senha; se não foi, fale com o atendimento ao cliente.',
            'Someone tried to create a new account with your CPF. If it was you, log in or recover your password; if not, contact customer service.',
          ].join('\n\n'),
        }),
      );
    }
    if (holder.mobile) sends.push(deps.sms.send({ mobile: holder.mobile, body: 'Alguém tentou criar uma conta com o seu CPF. Se foi você, entre ou recupere a senha.' }));
    await Promise.allSettled(sends);
  };
}
