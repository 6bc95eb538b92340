import enAgent from '@app/i18n/locales/en/agent.json';
import enContracts from '@app/i18n/locales/en/contracts.json';
import enFairness from '@app/i18n/locales/en/fairness.json';
import enMissions from '@app/i18n/locales/en/missions.json';
import enSportsbook from '@app/i18n/locales/en/sportsbook.json';
import enPayments from '@app/i18n/locales/en/payments.json';
import enLottery from '@app/i18n/locales/en/lottery.json';
import enLive from '@app/i18n/locales/en/live.json';
import ptAgent from '@app/i18n/locales/pt/agent.json';
import ptContracts from '@app/i18n/locales/pt/contracts.json';
import ptFairness from '@app/i18n/locales/pt/fairness.json';
import ptMissions from '@app/i18n/locales/pt/missions.json';
import ptSportsbook from '@app/i18n/locales/pt/sportsbook.json';
import ptPayments from '@app/i18n/locales/pt/payments.json';
import ptLottery from '@app/i18n/locales/pt/lottery.json';
import ptLive from '@app/i18n/locales/pt/live.json';
import type { Language } from '@app/i18n';
import { createI18n } from '../shared/i18n.ts';

/** An i18n instance with every namespace, the lazy ones (agent, contracts, fairness, payments, missions) included, for tests. */
export function createTestI18n(language: Language) {
  const i18n = createI18n(language);
  const lazy = {
    pt: { agent: ptAgent, contracts: ptContracts, fairness: ptFairness, payments: ptPayments, missions: ptMissions, sportsbook: ptSportsbook, lottery: ptLottery, live: ptLive },
    en: { agent: enAgent, contracts: enContracts, fairness: enFairness, payments: enPayments, missions: enMissions, sportsbook: enSportsbook, lottery: enLottery, live: enLive },
  };
  for (const [lang, namespaces] of Object.entries(lazy)) {
    for (const [namespace, bundle] of Object.entries(namespaces)) i18n.addResourceBundle(lang, namespace, bundle, true, true);
  }
  return i18n;
}
