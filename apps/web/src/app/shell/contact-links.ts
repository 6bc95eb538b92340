import type { CustomerServiceContact } from '@app/contracts';

export interface ContactLinks {
  /** The operator's first configured contact, whatever its channel. */
  customerService: string | null;
  telegram: string | null;
  whatsapp: string | null;
}

/** Only configured channels become links; nothing is shown for the rest (spec §2 side menu). */
export function contactLinksOf(contacts: readonly CustomerServiceContact[]): ContactLinks {
  const find = (...types: CustomerServiceContact['type'][]) => contacts.find((c) => types.includes(c.type))?.url ?? null;
  return {
    customerService: contacts[0]?.url ?? null,
    telegram: find('TELEGRAM', 'TELEGRAM_1'),
    whatsapp: find('WHATSAPP'),
  };
}
