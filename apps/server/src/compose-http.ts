import type { Core } from './compose.ts';
import type { Config } from './platform/config.ts';
import { createHttpApp } from './platform/http/app.ts';
import { installWebSocket } from './platform/http/websocket.ts';
import type { Logger } from './platform/logger.ts';
import { HOUSE_VENDOR_CODE } from './modules/house-games/index.ts';
import { PROVIDER_ERRORS, type ProviderErrorCode } from './modules/provider/index.ts';

/** The HTTP side: platform plugins, the system gate, every module's routes, /ws and the SPA. */
export async function composeHttp(core: Core, deps: { config: Config; logger: Logger; webDistDir?: string; adminDistDir?: string }) {
  const app = await createHttpApp({
    config: deps.config,
    logger: deps.logger,
    db: core.db,
    webDistDir: deps.webDistDir,
    adminDistDir: deps.adminDistDir,
    // Vendors integrate against the provider protocol's codes, even for a URL the router refuses.
    foreignProtocols: [{ prefix: '/provider/', answer: (message) => ({ status: PROVIDER_ERRORS.INVALID_REQUEST, body: { error: { code: 'INVALID_REQUEST' satisfies ProviderErrorCode, message } } }) }],
  });
  core.modules.system.installGate(app);
  core.modules.accounts.installAuth(app);
  core.modules.backoffice.installAuth(app);
  await app.register(core.modules.system.routes, { prefix: '/api' });
  await app.register(core.modules.accounts.routes, { prefix: '/api' });
  await app.register(core.modules.backoffice.routes, { prefix: '/api' });
  await app.register(core.modules.system.adminRoutes(core.modules.backoffice.api), { prefix: '/api' });
  const { accounts } = core.modules;
  // Consoles name a member by account; their routes look the id up through the accounts directory.
  const memberIdOf = async (account: string) => (await accounts.api.directory.findMemberByAccount(account))?.id;
  await app.register(
    core.modules.wallet.routes({
      members: accounts.api.directory,
      requireMember: accounts.api.requireMember,
      requireRealMember: accounts.api.requireRealMember,
      vendorName: core.modules.catalogue.api.vendorName,
    }),
    { prefix: '/api' },
  );
  await app.register(core.modules.catalogue.routes({ requireMember: accounts.api.requireMember, requireRealMember: accounts.api.requireRealMember }), { prefix: '/api' });
  await app.register(core.modules.catalogue.sandboxRoutes());
  await app.register(core.modules.catalogue.mediaRoutes());
  await app.register(core.modules.catalogue.adminRoutes(core.modules.backoffice.api, { provider: core.modules.provider.api.vendorAccess, serverSignedVendors: [HOUSE_VENDOR_CODE] }), { prefix: '/api' });
  await app.register(core.modules.payments.routes({ requireRealMember: accounts.api.requireRealMember }), { prefix: '/api' });
  await app.register(core.modules.payments.webhookRoutes(), { prefix: '/api' });
  void core.modules.payments.announceWebhook(deps.config.publicUrl);
  await app.register(core.modules.payments.backofficeRoutes(core.modules.backoffice.api), { prefix: '/api' });
  await app.register(core.modules.accounts.adminRoutes(core.modules.backoffice.api), { prefix: '/api' });
  await app.register(core.modules.wallet.adminRoutes({ operators: core.modules.backoffice.api, memberRef: accounts.api.memberRef, accountNamesOf: accounts.api.accountNamesOf }), { prefix: '/api' });
  await app.register(core.modules.provider.adminRoutes({ requireOperator: core.modules.backoffice.api.requireOperator, memberRef: accounts.api.memberRef }), { prefix: '/api' });
  await app.register(core.modules.payments.sandboxRoutes());
  await app.register(core.modules.provider.routes(), { prefix: '/provider' });
  await app.register(core.modules.houseGames.routes({ requireMember: accounts.api.requireMember, requireRealMember: accounts.api.requireRealMember }), { prefix: '/api' });
  await app.register(core.modules.sportsbook.routes({ requireRealMember: accounts.api.requireRealMember }), { prefix: '/api' });
  await app.register(core.modules.lottery.routes({ requireRealMember: accounts.api.requireRealMember }), { prefix: '/api' });
  await app.register(
    core.modules.lottery.adminRoutes({
      requireOperator: core.modules.backoffice.api.requireOperator,
      approvals: core.modules.backoffice.api.approvals,
      audit: core.modules.backoffice.api.audit,
      memberIdOf,
      accountNamesOf: accounts.api.accountNamesOf,
    }),
    { prefix: '/api' },
  );
  await app.register(core.modules.liveTables.routes({ requireMember: accounts.api.requireMember, requireRealMember: accounts.api.requireRealMember }), { prefix: '/api' });
  await app.register(
    core.modules.liveTables.adminRoutes({
      requireOperator: core.modules.backoffice.api.requireOperator,
      audit: core.modules.backoffice.api.audit,
      memberIdOf,
      accountNamesOf: accounts.api.accountNamesOf,
    }),
    { prefix: '/api' },
  );
  await app.register(
    core.modules.sportsbook.adminRoutes({
      requireOperator: core.modules.backoffice.api.requireOperator,
      approvals: core.modules.backoffice.api.approvals,
      audit: core.modules.backoffice.api.audit,
      memberIdOf,
      accountNamesOf: accounts.api.accountNamesOf,
      roundTransactions: core.modules.provider.api.roundTransactions,
    }),
    { prefix: '/api' },
  );
  await app.register(core.modules.provider.memberRoutes({ requireMember: accounts.api.requireMember }), { prefix: '/api' });
  await app.register(core.modules.provider.publicRoutes(), { prefix: '/api' });
  await app.register(core.modules.bonus.routes({ requireMember: accounts.api.requireMember }), { prefix: '/api' });
  await app.register(
    core.modules.bonus.adminRoutes({
      requireOperator: core.modules.backoffice.api.requireOperator,
      memberIdOf,
      accountNamesOf: accounts.api.accountNamesOf,
      approvals: core.modules.backoffice.api.approvals,
      audit: core.modules.backoffice.api.audit,
    }),
    { prefix: '/api' },
  );
  await app.register(core.modules.content.routes, { prefix: '/api' });
  await app.register(core.modules.content.adminRoutes(core.modules.backoffice.api.requireOperator), { prefix: '/api' });
  await app.register(core.modules.content.mediaRoutes());
  await app.register(core.modules.promotions.routes({ requireMember: accounts.api.requireMember, requireRealMember: accounts.api.requireRealMember }), { prefix: '/api' });
  await app.register(core.modules.promotions.adminRoutes(core.modules.backoffice.api), { prefix: '/api' });
  await app.register(core.modules.promotions.gameRoutes({ requireMember: accounts.api.requireMember, requireRealMember: accounts.api.requireRealMember }), { prefix: '/api' });
  await app.register(core.modules.promotions.gameAdminRoutes(core.modules.backoffice.api), { prefix: '/api' });
  await app.register(core.modules.promotions.periodicAdminRoutes(core.modules.backoffice.api), { prefix: '/api' });
  await app.register(core.modules.points.routes({ requireMember: accounts.api.requireMember, requireRealMember: accounts.api.requireRealMember }), { prefix: '/api' });
  await app.register(core.modules.points.adminRoutes(core.modules.backoffice.api), { prefix: '/api' });
  await app.register(core.modules.agents.routes({ requireMember: accounts.api.requireMember, requireRealMember: accounts.api.requireRealMember }), { prefix: '/api' });
  await app.register(core.modules.agents.adminRoutes(core.modules.backoffice.api), { prefix: '/api' });
  await app.register(core.modules.reports.adminRoutes(core.modules.backoffice.api), { prefix: '/api' });
  await app.register(core.modules.vip.routes({ requireMember: accounts.api.requireMember }), { prefix: '/api' });
  await app.register(core.modules.vip.adminRoutes(core.modules.backoffice.api), { prefix: '/api' });
  await app.register(core.modules.missions.routes({ requireMember: accounts.api.requireMember, requireRealMember: accounts.api.requireRealMember }), { prefix: '/api' });
  await app.register(core.modules.missions.adminRoutes(core.modules.backoffice.api), { prefix: '/api' });
  await app.register(core.modules.referral.routes({ requireRealMember: accounts.api.requireRealMember }), { prefix: '/api' });
  await app.register(core.modules.referral.adminRoutes(core.modules.backoffice.api), { prefix: '/api' });
  await app.register(core.modules.kyc.routes({ requireRealMember: accounts.api.requireRealMember }), { prefix: '/api' });
  await app.register(core.modules.kyc.adminRoutes(core.modules.backoffice.api), { prefix: '/api' });
  await app.register(core.modules.messages.routes({ requireMember: accounts.api.requireMember }), { prefix: '/api' });
  await app.register(core.modules.messages.adminRoutes(core.modules.backoffice.api), { prefix: '/api' });
  await app.register(core.modules.feedback.routes({ requireMember: accounts.api.requireMember }), { prefix: '/api' });
  await app.register(core.modules.feedback.adminRoutes(core.modules.backoffice.api), { prefix: '/api' });
  await app.register(core.modules.supportChat.routes(), { prefix: '/api' });
  await app.register(core.modules.limits.routes({ requireMember: accounts.api.requireMember, requireRealMember: accounts.api.requireRealMember }), { prefix: '/api' });
  await app.register(core.modules.limits.adminRoutes(core.modules.backoffice.api), { prefix: '/api' });
  await app.register(core.modules.exclusion.routes({ requireMember: accounts.api.requireMember }), { prefix: '/api' });
  await app.register(core.modules.exclusion.adminRoutes(core.modules.backoffice.api), { prefix: '/api' });
  await app.register(core.modules.supportChat.adminRoutes(core.modules.backoffice.api.requireOperator), { prefix: '/api' });
  await app.register(core.modules.compliance.routes({ requireMember: accounts.api.requireMember }), { prefix: '/api' });
  await app.register(core.modules.compliance.adminRoutes(core.modules.backoffice.api), { prefix: '/api' });
  const hub = await installWebSocket(app, core.bus, async (token) => (await accounts.api.authenticate(token))?.id.toString(), {
    operator: core.modules.backoffice.api.authenticateSocket,
    visitor: core.modules.supportChat.api.visitorOf,
  }, { servedBy: deps.config.scale.nodeName });
  core.modules.messages.attachHub(hub);
  return { app, hub };
}
