import { formatCents, parseCents } from '@app/kernel';
import type { Config } from './platform/config.ts';
import { createDb } from './platform/db.ts';
import { createEventBus } from './platform/events.ts';
import type { Logger } from './platform/logger.ts';
import { createAccountsModule, fixedAnswerCaptcha } from './modules/accounts/index.ts';
import { createAgentsModule } from './modules/agents/index.ts';
import { CONTENT_CHANGED_EVENT, createContentModule } from './modules/content/index.ts';
import { CATALOGUE_CHANGED, createCatalogueModule, createSlotScreenLauncher } from './modules/catalogue/index.ts';
import { createBackofficeModule } from './modules/backoffice/index.ts';
import { createBonusModule } from './modules/bonus/index.ts';
import { createHouseGamesModule, HOUSE_VENDOR_CODE } from './modules/house-games/index.ts';
import { createMissionsModule } from './modules/missions/index.ts';
import { createMessagesModule } from './modules/messages/index.ts';
import { createFeedbackModule } from './modules/feedback/index.ts';
import { createPaymentsModule } from './modules/payments/index.ts';
import { createPointsModule } from './modules/points/index.ts';
import { createPromotionsModule, PROMOTIONS_EXPENSE_ACCOUNT } from './modules/promotions/index.ts';
import { createProviderModule } from './modules/provider/index.ts';
import { createLiveTablesModule } from './modules/live-tables/index.ts';
import { createLotteryModule } from './modules/lottery/index.ts';
import { createReferralModule } from './modules/referral/index.ts';
import { createExclusionModule } from './modules/exclusion/index.ts';
import { createComplianceModule } from './modules/compliance/index.ts';
import { createKycModule } from './modules/kyc/index.ts';
import { createLimitsModule } from './modules/limits/index.ts';
import { createReportsModule } from './modules/reports/index.ts';
import { createSportsbookModule } from './modules/sportsbook/index.ts';
import { createSystemModule, SETTINGS_CHANGED_EVENT } from './modules/system/index.ts';
import { createSupportChatModule } from './modules/support-chat/index.ts';
import { createWalletModule, HOUSE } from './modules/wallet/index.ts';
import { createVipModule } from './modules/vip/index.ts';

/**
 * Wires config → database → event bus → modules, in dependency order (one composition root,
 * no container). Both entry points and the tests build the process through here; the HTTP side
 * (compose-http.ts) and the worker side (compose-worker.ts) take the Core it answers.
 */
export async function composeCore(deps: { config: Config; logger: Logger; databaseUrl: string }) {
  const { config, logger } = deps;
  const dbHandle = createDb({ connectionString: deps.databaseUrl, max: config.dbPoolMax, logger });
  // Scale-out (docs/scaling.md): lag-tolerant reads on a replica when configured; LISTEN and the
  // leaders' session advisory locks on a direct connection (a pgbouncer in transaction mode
  // cannot carry them); events through NATS when configured.
  const readHandle = config.scale.databaseReadUrl ? createDb({ connectionString: config.scale.databaseReadUrl, max: config.dbPoolMax, logger }) : undefined;
  const readDb = readHandle?.db ?? dbHandle.db;
  const directUrl = config.scale.databaseDirectUrl ?? deps.databaseUrl;
  const bus = createEventBus({ connectionString: directUrl, natsUrl: config.scale.natsUrl, logger });
  await bus.start();

  const system = createSystemModule({ db: dbHandle.db, bus, logger, countryHeader: config.countryHeader });
  const wallet = createWalletModule({
    db: dbHandle.db,
    bus,
    logger,
    connectionString: deps.databaseUrl,
    lanes: config.walletLanes,
    pgbouncer: config.scale.pgbouncer,
    timeZone: async () => (await system.api.getSettings()).locale.timeZone,
  });
  const bonus = createBonusModule({ db: dbHandle.db, bus, logger, wallet: wallet.api });
  const accounts = createAccountsModule({
    db: dbHandle.db,
    system: system.api,
    bus,
    cashOf: wallet.api.cashOf,
    publicUrl: config.publicUrl,
    createCaptchaImage: config.captchaFixedAnswer ? fixedAnswerCaptcha(config.captchaFixedAnswer) : undefined,
    // Sign-up rewards, issued in the registration's transaction (promotions is composed below).
    // Sign-up rewards and the member referral programme's referee, issued in the registration's transaction
    // (promotions and referral are composed below).
    onMemberRegistered: async (tx, member) => {
      await promotions.api.memberRegistered(tx, member);
      await referral.api.memberRegistered(tx, member);
      // Responsible-gaming limits chosen on the form (issue 27; limits is composed below).
      await limits.api.memberRegistered(tx, member);
    },
    // Responsible gaming (issue 27; exclusion is composed below): no session while a cool-off,
    // self-exclusion, closure or barred closure is in force; the barred-persons check at sign-up.
    loginGate: (memberId, executor) => exclusion.api.loginGate(memberId, executor),
    registrationGate: (cpf) => exclusion.api.registrationGate(cpf),
  });
  const backoffice = createBackofficeModule({
    db: dbHandle.db,
    // BACKOFFICE_TOTP_KEY keeps the key out of the database; without it, a generated stored secret.
    twoFactorMasterKey: async () => config.backofficeTotpKey ?? system.api.getSecret('backoffice.two_factor'),
    siteName: async () => (await system.api.getSettings()).site.name,
    ipAllowList: async () => (await system.api.getSettings()).backoffice.ipAllowList,
    captcha: { verify: accounts.api.verifyCaptcha },
  });
  // Platform messages (issue 26): inboxes, broadcasts, system messages in the business transactions below.
  const messages = createMessagesModule({
    db: dbHandle.db,
    bus,
    logger,
    ports: { memberIdOf: async (account) => (await accounts.api.directory.findMemberByAccount(account))?.id, audit: backoffice.api.audit },
  });
  const feedback = createFeedbackModule({ db: dbHandle.db, logger, ports: { messages: messages.api, audit: backoffice.api.audit, accountNamesOf: accounts.api.accountNamesOf, findOperator: backoffice.api.findOperator } });
  // Identity verification (issue 27): document and selfie, the operator's review, the withdrawal rule payments asks below.
  const kyc = createKycModule({
    db: dbHandle.db,
    logger,
    ports: {
      audit: backoffice.api.audit,
      sendSystem: messages.api.sendSystem,
      accountNamesOf: accounts.api.accountNamesOf,
      memberIdOf: async (account) => (await accounts.api.directory.findMemberByAccount(account))?.id,
      declaredIdentityOf: accounts.api.declaredIdentityOf,
      withdrawalThreshold: async () => parseCents((await system.api.getSettings()).payments.withdrawal.kycRequiredAbove)!,
    },
  });
  // A bonus grant tells the member (a system message in the grant's transaction), whoever grants it.
  const grantBonus: typeof bonus.api.grant = async (tx, input) => {
    const outcome = await bonus.api.grant(tx, input);
    if (outcome.created) await messages.api.bonusGranted(tx, { grantId: outcome.grantId, memberId: input.memberId, amount: input.amount });
    return outcome;
  };
  // The house game server's games open the web's slot screen.
  const launchers = new Map([[HOUSE_VENDOR_CODE, createSlotScreenLauncher()]]);
  const catalogue = createCatalogueModule({ db: dbHandle.db, readDb, bus, logger, wallet: wallet.api, imageBase: config.imageBase, cacheEntries: config.catalogueCacheEntries, launchers, assertAgeVerified: accounts.api.assertAgeVerified });
  const payments = createPaymentsModule({
    db: dbHandle.db,
    bus,
    logger,
    wallet: wallet.api,
    secret: (name) => system.api.getSecret(name),
    settings: async () => (await system.api.getSettings()).payments,
    identityOf: accounts.api.identityOf,
    checkLoginPassword: accounts.api.checkLoginPassword,
    checkPaymentPassword: accounts.api.directory.checkPaymentPassword,
    bonus: bonus.api,
    // Deposit-match rewards, issued in the credit's transaction (promotions is composed below).
    onDepositCredited: async (tx, deposit) => {
      await messages.api.depositCredited(tx, deposit);
      return promotions.api.depositCredited(tx, deposit);
    },
    // The VIP level's daily withdrawal limit (vip is composed below).
    dailyLimit: {
      limitOf: (memberId) => vip.api.withdrawalLimitOf(memberId),
      timeZone: async () => (await system.api.getSettings()).locale.timeZone,
    },
    // Responsible gaming (issue 27): deposit limits, before the PIX charge (limits is composed below).
    depositGate: async (memberId, amount) => {
      await exclusion.api.assertMayDeposit(memberId);
      await limits.api.depositGate(memberId, amount);
    },
    webhookUrl: config.paymentsWebhookUrl,
    publicHost: new URL(config.publicUrl).host,
    siteName: 'Bet Platform',
    pixPsp: config.pixPsp,
    sandboxPayer: !config.isProduction,
    // Issue 27: a payment from another CPF is returned to its payer and the member told why.
    onDepositReturned: (tx, deposit) => messages.api.sendSystem(tx, { memberId: deposit.memberId, template: 'deposit_returned', params: { amount: formatCents(deposit.amount) }, sourceKey: `deposit-${deposit.depositId}-returned` }),
    // Issue 27: the first withdrawal and those above the threshold need a verified identity (KYC) —
    // except a restricted member's (cool-off, self-exclusion, closure, barred): the regulation wants
    // that balance paid back, and it can only go to a payout key held by the member's own CPF
    // (payments checks the holder), while KYC itself needs a login the restriction refuses.
    withdrawalGate: async (memberId, request) => {
      if (await exclusion.api.isRestricted(memberId)) return;
      await kyc.api.assertWithdrawalAllowed(memberId, request);
    },
  });
  const provider = createProviderModule({
    db: dbHandle.db,
    callbackLanes: config.providerCallbackLanes,
    bus,
    logger,
    wallet: wallet.api,
    redeemLaunchToken: catalogue.api.redeemLaunchToken,
    playerOf: accounts.api.playerOf,
    ageVerificationOf: accounts.api.ageVerificationOf,
    ageVerificationsOf: accounts.api.ageVerificationsOf,
    // Responsible gaming (issue 27): limits (and exclusions) before every bet of every product; the first refusal wins.
    betGate: async (memberId, amount, product) => (await exclusion.api.betGate(memberId)) ?? (await limits.api.betGate(memberId, amount, product)),
    prefetchBetGate: async (memberIds) => void (await Promise.all([exclusion.api.prefetchBetGate(memberIds), limits.api.prefetchBetGate(memberIds)])),
    ensureSeamlessVendor: catalogue.api.ensureSeamlessVendor,
    demoVendorSecret: config.demoVendorSecret,
    catalogue: { vendorName: catalogue.api.vendorName, describeGame: catalogue.api.describeGame },
    accountNamesOf: accounts.api.accountNamesOf,
    timeZone: async () => (await system.api.getSettings()).locale.timeZone,
    winnersCacheMs: config.winnersCacheMs,
  });
  const houseGames = createHouseGamesModule({
    db: dbHandle.db,
    logger,
    ensureSeamlessVendor: catalogue.api.ensureSeamlessVendor,
    gameForPlay: catalogue.api.gameForPlay,
    issueLaunchToken: catalogue.api.issueLaunchToken,
    ensureVendorSecret: provider.api.ensureVendorSecret,
    secret: (name) => system.api.getSecret(name),
    vendorSecret: config.houseVendorSecret,
    providerUrl: config.houseProviderUrl,
    // The provider protocol in process unless HOUSE_PROVIDER_URL asks for HTTP.
    providerCallbacks: provider.api.callbacks.handle,
    minSpinIntervalMs: config.houseMinSpinIntervalMs,
    bus,
    wallet: wallet.api,
    jackpot: config.jackpot,
    crash: config.crash,
    connectionString: directUrl,
    accountNamesOf: accounts.api.accountNamesOf,
    cashOf: (memberId) => wallet.api.cashOf(memberId),
    assertAgeVerified: accounts.api.assertAgeVerified,
  });
  const content = createContentModule({ db: dbHandle.db, bus, logger, audit: backoffice.api.audit, appDownload: async () => (await system.api.getSettings()).appDownload });
  const agents = createAgentsModule({
    db: dbHandle.db,
    readDb,
    logger,
    system: system.api,
    wallet: {
      // Commission payouts (docs/agent-commissions.md): the payer's cash, or the platform's expense, to the agent.
      async payCommission(tx, payout) {
        const payer = payout.payerId === null ? { house: HOUSE.commissionExpense, amount: -payout.amount } : { member: payout.payerId, amount: -payout.amount };
        await wallet.api.postOrThrow(tx, { key: payout.key, type: 'commission', reference: payout.reference, legs: [payer, { member: payout.agentId, amount: payout.amount }] });
      },
    },
    cashOf: (memberId) => wallet.api.cashOf(memberId),
    downlines: accounts.downlines,
    audit: backoffice.api.audit,
    agentNotices: content.api.agentNotices,
    publicUrl: config.publicUrl,
    describeGame: catalogue.api.describeGame,
    contractOffered: (tx, offer) => messages.api.sendSystem(tx, { memberId: offer.downlineId, template: 'contract_offered', params: { kind: offer.kind }, sourceKey: `contract-offer-${offer.contractId}` }),
  });
  const reports = createReportsModule({
    db: dbHandle.db,
    readDb,
    logger,
    ports: {
      timeZone: async () => (await system.api.getSettings()).locale.timeZone,
      siteStatus: async () => {
        const settings = await system.api.getSettings();
        return { maintenance: settings.maintenance.enabled, regionRules: settings.region.enabled, workerSeenAt: (await system.api.findLastWorkerHeartbeat()) ?? null };
      },
      lastLedgerCheck: async () => {
        const run = await wallet.api.lastLedgerCheck();
        return run && { ok: run.ok, finishedAt: run.finished_at, journals: run.journals, entries: run.entries, problems: Array.isArray(run.problems) ? run.problems.length : 0 };
      },
    },
  });
  const promotions = createPromotionsModule({
    db: dbHandle.db,
    logger,
    ports: {
      restrictedTypesAllowed: async () => (await system.api.getSettings()).promotions.restrictedTypes,
      timeZone: async () => (await system.api.getSettings()).locale.timeZone,
      cpfOf: async (memberId) => (await accounts.api.identityOf(memberId))?.cpf ?? null,
      memberIdOf: async (account) => (await accounts.api.directory.findMemberByAccount(account))?.id,
      isInTeam: (agentId, memberId) => accounts.api.directory.isInTree(agentId, memberId),
      // Cash rewards: member cash against the house's promotions expense, journal type bonus (reports count it as given).
      async payCash(tx, payment) {
        await wallet.api.postOrThrow(tx, { key: payment.key, type: 'bonus', reference: payment.reference, legs: [{ house: PROMOTIONS_EXPENSE_ACCOUNT, amount: -payment.amount }, { member: payment.memberId, amount: payment.amount }] });
      },
      // Bonus rewards: a grant of bonus money with its wagering, in the claim's transaction.
      grantBonus,
      bonusCosts: (ids) => bonus.api.costBySource('promotion', ids),
      audit: backoffice.api.audit,
    },
  });
  const vip = createVipModule({
    db: dbHandle.db,
    logger,
    ports: {
      grantBonus,
      audit: backoffice.api.audit,
      timeZone: async () => (await system.api.getSettings()).locale.timeZone,
      accountNamesOf: accounts.api.accountNamesOf,
    },
  });
  const points = createPointsModule({
    db: dbHandle.db,
    logger,
    ports: { wallet: wallet.api, checkPaymentPassword: accounts.api.directory.checkPaymentPassword, grantBonus, accountNamesOf: accounts.api.accountNamesOf, audit: backoffice.api.audit },
  });
  const missions = createMissionsModule({
    db: dbHandle.db,
    logger,
    ports: {
      grantBonus,
      awardPoints: points.api.award,
      audit: backoffice.api.audit,
      timeZone: async () => (await system.api.getSettings()).locale.timeZone,
      accountNamesOf: accounts.api.accountNamesOf,
    },
  });
  // The book and its feed (issue 23); the sandbox job in a development demo or with SPORTSBOOK_FEED=sandbox.
  // The live push NOTIFYs on a connection of its own: behind the shared pool's queue (feed applies,
  // placements, settlement) a change waited hundreds of milliseconds before leaving (bench:sportsbook push).
  // Our own products (sportsbook, lottery) are vendors of our provider protocol, called in process:
  // their stakes and wins through it, their vendors and games through the catalogue.
  const ownProductMoney = {
    handle: provider.api.callbacks.handle,
    handleMany: provider.api.batchCallbacks.handleMany,
    ensureSeamlessVendor: catalogue.api.ensureSeamlessVendor,
    ensureVendorSecret: provider.api.ensureVendorSecret,
    issueLaunchToken: catalogue.api.issueLaunchToken,
    assertAgeVerified: accounts.api.assertAgeVerified,
  };
  const pushHandle = createDb({ connectionString: deps.databaseUrl, max: 1, logger });
  const sportsbook = createSportsbookModule({
    db: dbHandle.db,
    logger,
    // Committed feed changes and cash-out offers reach /ws through the bus (every API process).
    bus,
    push: { db: pushHandle.db },
    ...(config.sportsbookSandbox ? { sandbox: config.sportsbookSandbox } : {}),
    // Ticket stakes go through the provider protocol in process as vendor SPORTSBOOK (like the house games).
    money: ownProductMoney,
  });
  // The lottery (issue 24): draws, results (LOTTERY_FEED=sandbox for real-world draws), tickets with
  // their stakes through the provider protocol in process as vendors LOTT and ELOTT.
  const lottery = createLotteryModule({
    db: dbHandle.db,
    logger,
    ...(config.lotteryFeed ? { feed: config.lotteryFeed } : {}),
    money: ownProductMoney,
  });
  // Live tables (issue 25): baccarat and roulette rounds run by one leader, stakes as vendor LIVE.
  const liveTables = createLiveTablesModule({
    db: dbHandle.db,
    bus,
    logger,
    connectionString: directUrl,
    settings: config.live,
    money: ownProductMoney,
    accountNamesOf: accounts.api.accountNamesOf,
    cashOf: (memberId) => wallet.api.cashOf(memberId),
  });
  // The member referral programme (issue 26): rewards in cash (wallet) or bonus money (bonus), in its own transaction.
  const referral = createReferralModule({
    db: dbHandle.db,
    logger,
    publicUrl: config.publicUrl,
    ports: {
      async payCash(tx, payment) {
        await wallet.api.postOrThrow(tx, { key: payment.key, type: 'bonus', reference: payment.reference, legs: [{ house: HOUSE.bonusExpense, amount: -payment.amount }, { member: payment.memberId, amount: payment.amount }] });
      },
      grantBonus,
      networkOf: accounts.api.networkOf,
      accountNamesOf: accounts.api.accountNamesOf,
      memberIdOf: async (account) => (await accounts.api.directory.findMemberByAccount(account))?.id,
      audit: backoffice.api.audit,
    },
  });
  // Responsible-gaming limits (issue 27): asked by payments (depositGate) and the provider (betGate) above.
  const limits = createLimitsModule({
    db: dbHandle.db,
    bus,
    logger,
    shortChecks: !config.isProduction,
    ports: {
      timeZone: async () => (await system.api.getSettings()).locale.timeZone,
      sessions: accounts.api.sessionTimes,
      memberIdOf: async (account) => (await accounts.api.directory.findMemberByAccount(account))?.id,
      accountNamesOf: accounts.api.accountNamesOf,
      // A refused bet or deposit counts for the operators' limit-hits alert (compliance is composed below); never fails the refusal.
      limitReached: (memberId, kind) => void compliance.api.recordLimitHit(memberId, kind).catch((error: unknown) => logger.warn({ err: error }, 'limit hit not recorded')),
    },
  });
  // Customer-service chat (issue 26): the member's money beside the conversation through wallet and payments.
  const supportChat = createSupportChatModule({
    db: dbHandle.db,
    bus,
    ports: {
      memberOf: async (token) => (await accounts.api.authenticate(token))?.id,
      verifyCaptcha: accounts.api.verifyCaptcha,
      accountNamesOf: accounts.api.accountNamesOf,
      audit: backoffice.api.audit,
      timeZone: async () => (await system.api.getSettings()).locale.timeZone,
      context: {
        balanceOf: async (memberId) => {
          const balance = await wallet.api.balanceOf(memberId);
          return { cash: balance.cash, bonus: balance.bonus };
        },
        lastDeposits: async (memberId, limit) =>
          (await payments.api.deposits.list(memberId, { pageNo: 1, pageSize: limit })).rows.map((row) => ({ id: row.id.toString(), amount: formatCents(row.amount), status: row.status, at: row.created_at.toISOString() })),
        openWithdrawals: async (memberId, limit) =>
          (await payments.api.withdrawals.list(memberId, { pageNo: 1, pageSize: 50 })).rows
            .filter((row) => ['reviewing', 'approved', 'paying'].includes(row.status))
            .slice(0, limit)
            .map((row) => ({ id: row.id.toString(), amount: formatCents(row.amount), status: row.status, at: row.requested_at.toISOString() })),
      },
    },
  });
  // Compliance (issue 27): CSV history and LGPD export through each module's export function, risk
  // alerts over published views, the regulator extract from the wallet's and the provider's streams.
  const compliance = createComplianceModule({
    db: dbHandle.db,
    logger,
    ports: {
      timeZone: async () => (await system.api.getSettings()).locale.timeZone,
      ledger: { memberMovements: wallet.api.memberMovements, movementsBetween: wallet.api.movementsBetween },
      rounds: { roundsBetween: provider.api.roundsBetween },
      bettorsOf: accounts.api.bettorsOf,
      // The LGPD export's sections, one per module holding member data (limits, exclusion and kyc join when they publish one).
      memberData: [
        { section: 'account', export: accounts.api.exportMember },
        { section: 'payments', export: payments.api.exportMember },
        { section: 'bettingRecord', export: provider.api.memberRounds },
        { section: 'messages', export: messages.api.exportMember },
        { section: 'feedback', export: feedback.api.exportMember },
        { section: 'supportChat', export: supportChat.api.exportMember },
        { section: 'referral', export: referral.api.exportMember },
        // Issue 27's other modules: limits as the member sees them; exclusion's restrictions and notices; KYC's verifications and files' metadata.
        { section: 'limits', export: (memberId) => limits.api.overview(memberId) },
        { section: 'exclusion', export: (memberId) => exclusion.api.exportMember(memberId) },
        { section: 'kyc', export: async (memberId) => ({ state: await kyc.api.stateOf(memberId), ...(await kyc.api.exportMember(memberId)) }) },
      ],
      accountNamesOf: accounts.api.accountNamesOf,
      memberIdOf: async (account) => (await accounts.api.directory.findMemberByAccount(account))?.id,
      audit: backoffice.api.audit,
    },
  });
  // Cool-off, self-exclusion, closure and barred persons (issue 27): asked by accounts (loginGate,
  // registrationGate), payments (depositGate) and the provider (betGate) above; messages read its view.
  const exclusion = createExclusionModule({
    db: dbHandle.db,
    bus,
    logger,
    ports: {
      endAllSessions: accounts.api.endAllSessions,
      checkLoginPassword: accounts.api.checkLoginPassword,
      verifyAccountPassword: accounts.api.verifyAccountPassword,
      cpfOf: async (memberId) => (await accounts.api.identityOf(memberId))?.cpf ?? null,
      smsMember: accounts.api.smsMember,
      cashOf: (memberId) => wallet.api.cashOf(memberId),
      async voidOpenBets(memberId) {
        const sportsbookTickets = (await sportsbook.api.tickets?.voidOpenTicketsOf(memberId)) ?? 0;
        const lotteryDraws = await lottery.api.voidOpenTicketsOf(memberId);
        return { sportsbookTickets, lotteryDraws };
      },
      async withdrawOptions(memberId) {
        const options = await payments.api.withdrawals.options(memberId);
        return { available: parseCents(options.available) ?? 0n, payoutKey: options.payoutAccount?.display ?? null };
      },
      async withdraw(memberId, input) {
        const row = await payments.api.withdrawals.create(memberId, { amount: input.amount, paymentPassword: input.paymentPassword, requestId: input.requestId, forfeitBonus: true });
        return { id: row.id, amount: row.amount, status: row.status };
      },
      notifyMember: async (tx, notice) => {
        await messages.api.sendToMember(tx, { memberId: notice.memberId, kind: 'operator', title: notice.title, bodyHtml: notice.bodyHtml, sourceKey: notice.sourceKey, regulatory: true });
      },
      timeZone: async () => (await system.api.getSettings()).locale.timeZone,
      audit: backoffice.api.audit,
    },
  });
  const modules = { messages, feedback, system, accounts, backoffice, wallet, catalogue, payments, provider, houseGames, content, agents, reports, promotions, bonus, vip, points, missions, sportsbook, lottery, liveTables, referral, supportChat, limits, kyc, compliance, exclusion };
  // Invalidations published while the LISTEN connection was down never arrive: after a reconnect,
  // act as if each had (caches drop, /ws clients refetch). Provider vendor access expires by itself (5 s).
  bus.onReconnect(() => bus.deliverLocally([SETTINGS_CHANGED_EVENT, CATALOGUE_CHANGED, CONTENT_CHANGED_EVENT].map((type) => ({ type, audience: { kind: 'public' } }))));

  return {
    db: dbHandle.db,
    bus,
    modules,
    partitionPolicy: deps.config.partitions,
    /** PostgreSQL without pgbouncer: LISTEN, session advisory locks, DDL outside transactions. */
    directUrl,
    async close() {
      catalogue.close();
      bonus.close();
      points.close();
      missions.close();
      messages.close();
      limits.close();
      exclusion.close();
      sportsbook.close();
      lottery.close();
      await liveTables.close();
      await houseGames.close();
      await provider.close();
      await wallet.close();
      await bus.stop();
      await pushHandle.close();
      await readHandle?.close();
      await dbHandle.close();
    },
  };
}

export type Core = Awaited<ReturnType<typeof composeCore>>;
