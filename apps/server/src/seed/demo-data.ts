import { completeCpf } from '@app/contracts';
import { HOUSE, type WalletModule } from '../modules/wallet/index.ts';
import type { AccountsModule } from '../modules/accounts/index.ts';
import type { AgentsModule } from '../modules/agents/index.ts';
import { ACCOUNT_TYPE } from '../modules/accounts/index.ts';
import type { CatalogueModule } from '../modules/catalogue/index.ts';
import type { ContentModule } from '../modules/content/index.ts';
import type { PromotionsModule } from '../modules/promotions/index.ts';
import type { ProviderModule } from '../modules/provider/index.ts';
import type { BackofficeModule } from '../modules/backoffice/index.ts';
import type { SystemModule } from '../modules/system/index.ts';
import type { VipModule } from '../modules/vip/index.ts';
import type { MissionsModule } from '../modules/missions/index.ts';

/** The demo logins `npm start` prints. Development only: never seeded when NODE_ENV=production. */
export const DEMO_LOGINS = [
  { role: 'member', username: 'demo', password: 'Demo@1234', where: '/' },
  { role: 'agent', username: 'agent', password: 'Agent@1234', where: '/agent' },
  // The owner of the back-office console. It has no two-factor key: like any operator, its first
  // login answers an enrolment step (an authenticator app).
  { role: 'operator', username: 'admin', password: 'Admin@1234', where: '/admin/' },
] as const;

/** Made-up adults: valid check digits, no real person's CPF intended. Filled only where missing. */
const DEMO_IDENTITIES = {
  member: { payeeName: 'Demo da Silva', cpf: completeCpf('123456789'), birthday: '1990-05-17' },
  agent: { payeeName: 'Agente Demo Souza', cpf: completeCpf('987654321'), birthday: '1985-03-02' },
};

/**
 * Idempotent: each record is created only if missing, so restarts and operator edits are kept.
 * Everything here is marked as demo data where a visitor can see it.
 */
export async function seedDemoData(modules: DemoModules) {
  const created: string[] = [];
  const [member, agent, operator] = DEMO_LOGINS;
  // The agent first: the demo member sits in its tree, so transfers up and down can be tried.
  // Adults with a complete identity: deposits and real-money play need one (spec §5).
  if (await modules.accounts.api.ensureMember({ account: agent.username, nickname: 'Agente Demo', type: ACCOUNT_TYPE.AGENT, password: agent.password, identity: DEMO_IDENTITIES.agent })) {
    created.push(agent.username);
  }
  if (await modules.accounts.api.ensureMember({ account: member.username, nickname: 'Demo', type: ACCOUNT_TYPE.MEMBER, password: member.password, upline: agent.username, identity: DEMO_IDENTITIES.member })) {
    created.push(member.username);
  }
  await grantDemoMoney(modules, [
    { account: member.username, amount: 100_000n },
    { account: agent.username, amount: 500_000n },
  ]);
  if (await modules.backoffice.api.ensureOperator({ username: operator.username, displayName: 'Administrator', role: 'owner', password: operator.password })) {
    created.push(operator.username);
  }
  await modules.system.api.seedSetting(
    'site',
    {
      name: 'Bet Platform',
      licenceLines: {
        pt: ['Instalação de demonstração: não é um operador licenciado. Nenhum dinheiro real é aceito.', 'Jogue com responsabilidade. Proibido para menores de 18 anos.'],
        en: ['Demo installation: not a licensed operator. No real money is accepted.', 'Play responsibly. Not for anyone under 18.'],
      },
      licenceValidatorUrl: null,
      affiliateServiceUrl: null,
      social: [],
    },
    'seed',
  );
  // The demo has no store apps, so it configures none: the site shows no download link or QR code
  // until the operator enters real links in the console. Older seeds stored the site's own help
  // page at the address the server had then (often http://localhost:3000): taken back here.
  if (isPlaceholderAppDownload((await modules.system.api.getSettings()).appDownload)) {
    await modules.system.api.updateSetting('appDownload', { ios: null, android: null, lite: null }, 'seed');
  }
  if ((await modules.content.api.seedDemo()) > 0) created.push('content');
  if ((await modules.promotions.api.seedDemo()) > 0) created.push('promotions');
  if ((await modules.vip.api.seedDemo()) > 0) created.push('vip levels');
  if ((await modules.missions.api.seedDemo()) > 0) created.push('missions');
  const owner = await modules.backoffice.api.findOperator(operator.username);
  if (owner) await modules.agents.api.seedDemoContracts(agent.username, owner);
  await modules.catalogue.api.seedDemo();
  // After the demo catalogue: DEMOVENDOR is a demo vendor of its own, for vendors' certification tests.
  await modules.provider.api.seedDemoVendor();
  return created;
}

/** The links earlier demo seeds wrote: the help page per platform and the site's root, one origin. */
function isPlaceholderAppDownload(links: { ios: string | null; android: string | null; lite: string | null }): boolean {
  const origin = /^(https?:\/\/[^/]+)\/help\?platform=ios#app$/.exec(links.ios ?? '')?.[1];
  return origin !== undefined && links.android === `${origin}/help?platform=android#app` && links.lite === `${origin}/`;
}

type DemoModules = { agents: AgentsModule; accounts: AccountsModule; backoffice: BackofficeModule; catalogue: CatalogueModule; content: ContentModule; promotions: PromotionsModule; system: SystemModule; wallet: WalletModule; provider: ProviderModule; vip: VipModule; missions: MissionsModule };

/**
 * Demo play money (R$ 1.000,00 for demo, R$ 5.000,00 for agent) as a manual adjustment against
 * the house adjustments account. The key makes it once per database, however often we start.
 */
async function grantDemoMoney(modules: DemoModules, grants: { account: string; amount: bigint }[]) {
  for (const grant of grants) {
    const member = await modules.accounts.api.directory.findMemberByAccount(grant.account);
    if (!member) continue;
    await modules.wallet.api.submit({
      key: `seed:demo-money:${grant.account}`,
      type: 'adjustment',
      reference: 'demo money',
      legs: [
        { member: member.id, amount: grant.amount },
        { house: HOUSE.adjustments, amount: -grant.amount },
      ],
    });
  }
}
