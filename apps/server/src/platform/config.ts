import path from 'node:path';
import { z } from 'zod';
import { productionProblems } from './production-checks.ts';

/**
 * The only reader of process.env (house style §11). Every variable is documented in
 * docs/operations.md; an invalid environment stops the process listing every problem.
 */
const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** When unset, an embedded PostgreSQL is started with its data under DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Scale-out (docs/scaling.md). A streaming replica for reads that tolerate lag (catalogue lists, reports, agents' team reports); unset: the primary. */
  DATABASE_READ_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** A direct connection (not through pgbouncer) for LISTEN, advisory-lock leadership and migrations; unset: DATABASE_URL. */
  DATABASE_DIRECT_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** DATABASE_URL goes through pgbouncer in transaction mode: no named prepared statements, no session state on pooled connections. */
  PGBOUNCER: booleanString.default(false),
  /** NATS server(s), comma-separated (nats://host:4222): the event bus's fan-out between processes; unset: PostgreSQL LISTEN/NOTIFY. */
  NATS_URL: z.string().regex(/^(nats|tls):\/\/[^\s,]+(,(nats|tls):\/\/[^\s,]+)*$/, 'nats://host:port[,nats://…]').optional(),
  /**
   * This API process's name behind a load balancer (`npm run cluster` sets api-1, api-2, …): answered
   * as `x-served-by` and in the /ws hello, so a test or an operator can tell which process took a
   * request or holds a socket. Plain letters, digits, dots, dashes and underscores, so it cannot break a header.
   */
  CLUSTER_NODE_NAME: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'letters, digits, dots, dashes and underscores, at most 64').optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** Wallet group-commit lanes: connections that each batch concurrent posts into one commit. */
  /** Base URL of game and vendor images (a CDN); default: served by this server under /media/. */
  IMAGE_CDN_BASE: z.string().regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, 'an http(s) URL or a path').default('/media/'),
  /** Catalogue answers kept per API process (0 turns the cache off, e.g. to measure cold reads). */
  CATALOGUE_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(5000),
  /** How long the winners board and leaderboard answers are kept per process (the home page asks on every visit). */
  WINNERS_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** Where the built-in sandbox PSP posts its webhooks; defaults to this process on loopback. */
  PAYMENTS_WEBHOOK_URL: z.url().optional(),
  /**
   * The PSP: 'sandbox' (built in, moves no real money) or 'bcb-pix' (a PSP implementing the
   * Central Bank's standard PIX API; PIX_PSP_* below). Production refuses the sandbox unless
   * PAYMENTS_ALLOW_SANDBOX=true (a demo site).
   */
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'bcb-pix']).default('sandbox'),
  PAYMENTS_ALLOW_SANDBOX: booleanString.default(false),
  /** The PSP's API base, e.g. https://pix.example.com/v2 (https only). */
  PIX_PSP_BASE_URL: z.url({ protocol: /^https$/ }).optional(),
  /** Its OAuth2 token endpoint; default <PIX_PSP_BASE_URL>/oauth/token. */
  PIX_PSP_TOKEN_URL: z.url({ protocol: /^https$/ }).optional(),
  PIX_PSP_CLIENT_ID: z.string().min(1).max(200).optional(),
  PIX_PSP_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  /** PEM files of our client certificate and key (mutual TLS), and optionally the PSP's CA. */
  PIX_PSP_CERT_FILE: z.string().min(1).optional(),
  PIX_PSP_KEY_FILE: z.string().min(1).optional(),
  PIX_PSP_CA_FILE: z.string().min(1).optional(),
  /** Our PIX key at the PSP: charges are made to it, payouts paid from it. */
  PIX_PSP_PIX_KEY: z.string().min(1).max(77).optional(),
  PIX_PSP_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
  /** Register our webhook URL with the PSP at start (PUT /webhook/{chave}). */
  PIX_PSP_REGISTER_WEBHOOK: booleanString.default(true),
  WALLET_LANES: z.coerce.number().int().min(1).max(32).default(2),
  /**
   * Money-callback statements in flight at once per process (group commit of the provider API):
   * about the database's cores divided by the API processes. On two cores, one process placing
   * sportsbook tickets did best with 2–4 (723 tickets/s with 1, 931 with 2, 1,056 with 4), two
   * processes taking vendors' callbacks with 1 each (1,510 callbacks/s against 977–1,221 with 2);
   * `npm run cluster` and bench:provider's processes run 1 (bench/README.md, provider, 2026-11-30).
   */
  PROVIDER_CALLBACK_LANES: z.coerce.number().int().min(1).max(32).default(2),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Number of trusted proxy hops in front of the API (0 = use the socket address). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Header an edge proxy sets with the visitor's ISO country (e.g. cf-ipcountry); empty = none. */
  COUNTRY_HEADER: z.string().default(''),
  /** Run the job worker inside the API process (the one-machine default). */
  RUN_WORKER: booleanString.default(true),
  /** Seed the demo accounts and content. Always off when NODE_ENV=production, where setting it true is refused. */
  SEED_DEMO: booleanString.default(true),
  WEB_DIST_DIR: z.string().min(1).default(''),
  /** The built operator console, served under /admin/; default apps/admin/dist. */
  ADMIN_DIST_DIR: z.string().min(1).default(''),
  /** The address players use (links in e-mails); defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * In production /metrics and /api/docs answer only a request with `Authorization: Bearer
   * <OPS_TOKEN>` or from an address in OPS_ALLOWED_IPS (comma-separated, as the API sees it
   * after TRUST_PROXY_HOPS); production refuses to start with neither (production-checks.ts). Open in development and tests.
   */
  OPS_TOKEN: z.string().min(32, 'at least 32 characters (openssl rand -hex 32)').max(200).optional(),
  OPS_ALLOWED_IPS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((ip) => ip.trim()).filter(Boolean))
    .pipe(z.array(z.union([z.ipv4(), z.ipv6()]))),
  /** Automated journeys only: every captcha gets this answer. Refused when NODE_ENV=production. */
  CAPTCHA_FIXED_ANSWER: z.string().regex(/^[2-9A-HJ-NP-Z]{4}$/, 'four captcha characters').optional(),
  /**
   * Key (32 bytes as hex) that encrypts operators' TOTP seeds and keys their recovery-code hashes.
   * Required in production. Elsewhere the default is a key generated into the database
   * (system_secret), which protects seeds in logs and partial dumps but not in a whole-database
   * copy. Set it before the first operator enrols: changing it means every operator enrols again.
   */
  BACKOFFICE_TOTP_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, '64 hexadecimal characters (32 bytes)').optional(),
  /** Secret of the demo vendor DEMOVENDOR (provider API certification on a demo install). Refused when NODE_ENV=production. */
  DEMO_VENDOR_SECRET: z.string().min(16).max(200).optional(),
  /** Provider-API secret of the house game server (vendor HOUSE); default: the stored system secret house_games.vendor, hex. */
  HOUSE_VENDOR_SECRET: z.string().min(16).max(200).optional(),
  /** Where the house game server calls the provider API over HTTP; unset: in process (no HTTP). */
  HOUSE_PROVIDER_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Responsible pace: the least time between two spins of one member. */
  HOUSE_MIN_SPIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Progressive jackpot on house games: the seed (centavos), the share of each bet (basis points), the odds (a bet of b centavos hits with probability b / odds). Read when the pool is first created. */
  JACKPOT_SEED_CENTS: z.coerce.number().int().min(0).max(1_000_000_000).default(100_000),
  JACKPOT_CONTRIBUTION_BP: z.coerce.number().int().min(0).max(1000).default(100),
  JACKPOT_ODDS_CENTS: z.coerce.number().int().min(1).max(1e15).default(50_000_000),
  /** Crash game: whether this process contends to lead the rounds (processes running jobs do by default). */
  CRASH_LEADER: booleanString.default(true),
  CRASH_BETTING_MS: z.coerce.number().int().min(500).max(60_000).default(7000),
  CRASH_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  CRASH_TICK_MS: z.coerce.number().int().min(20).max(1000).default(100),
  /** Rounds per hash chain (a chain of 100,000 takes about 0.2 s to rebuild when a leader takes over). */
  CRASH_CHAIN_LENGTH: z.coerce.number().int().min(1).max(2_000_000).default(100_000),
  CRASH_TAKEOVER_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** Live tables: whether this process contends to lead the rounds (processes running jobs do by default). */
  LIVE_LEADER: booleanString.default(true),
  /** Live tables: overrides every table's betting window (tests, e2e); unset: the table's own (15 s seeded). */
  LIVE_BETTING_MS: z.coerce.number().int().min(200).max(60_000).optional(),
  /** Live tables: how long the deal or the spin is shown before the result; unset: baccarat 6 s, roulette 8 s. */
  LIVE_REVEAL_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  LIVE_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  /** Baccarat: cards left behind the cut card (e2e sets a large one so shoes end after a few hands). */
  LIVE_SHOE_CUT: z.coerce.number().int().min(6).max(400).default(14),
  LIVE_TAKEOVER_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** Sportsbook feed: 'sandbox' runs the built-in sandbox provider (job sportsbook.sandbox-feed); 'off' (default) runs none. */
  // Unset: the sandbox feed runs in a development demo (SEED_DEMO), nowhere else.
  SPORTSBOOK_FEED: z.enum(['off', 'sandbox']).optional(),
  /** Sandbox matches: real milliseconds per match minute (60,000 plays in real time; less speeds a demo up). */
  SPORTSBOOK_SANDBOX_MINUTE_MS: z.coerce.number().int().min(1000).max(60_000).default(60_000),
  /** Lottery results feed for real-world draws: 'sandbox' draws valid random results at draw time; 'off' (default) leaves results to the console. Unset: sandbox in a development demo. */
  LOTTERY_FEED: z.enum(['off', 'sandbox']).optional(),
  /** Monthly partitions (platform/partitions.ts): months created ahead of the current one. */
  PARTITION_MONTHS_AHEAD: z.coerce.number().int().min(1).max(24).default(3),
  /** Months kept attached per table, `table=months,…`; a table not listed is never detached (the money tables). */
  PARTITION_RETENTION: z
    .string()
    .regex(/^[a-z_0-9]+=\d{1,3}(,[a-z_0-9]+=\d{1,3})*$/, 'table=months,… (e.g. provider_request_log=6)')
    .default('provider_request_log=6'),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  /** Who may read /metrics and /api/docs in production (platform/http/ops-access.ts). */
  ops: { token: string | undefined; allowedIps: string[] };
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Scale-out (docs/scaling.md): read replica, direct URL, pgbouncer mode, NATS for events. */
  scale: { databaseReadUrl: string | undefined; databaseDirectUrl: string | undefined; pgbouncer: boolean; natsUrl: string | undefined; nodeName: string | undefined };
  dataDir: string;
  embeddedPgPort: number;
  dbPoolMax: number;
  walletLanes: number;
  providerCallbackLanes: number;
  /** Monthly partitions: months created ahead, months kept per table (platform/partitions.ts). */
  partitions: { monthsAhead: number; retentionMonths: Record<string, number> };
  imageBase: string;
  catalogueCacheEntries: number;
  winnersCacheMs: number;
  paymentsWebhookUrl: string;
  /** The real PSP's settings; undefined: the built-in sandbox. */
  pixPsp: PixPspConfig | undefined;
  logLevel: string;
  trustProxyHops: number;
  countryHeader: string | undefined;
  runWorker: boolean;
  seedDemo: boolean;
  webDistDir: string;
  adminDistDir: string;
  captchaFixedAnswer: string | undefined;
  /** BACKOFFICE_TOTP_KEY as 32 bytes; undefined = the key stored in the database. */
  backofficeTotpKey: Buffer | undefined;
  /** DEMO_VENDOR_SECRET (default demo-vendor-secret); undefined in production. */
  demoVendorSecret: string | undefined;
  houseVendorSecret: string | undefined;
  /** Undefined: the house games call the provider protocol in process. */
  houseProviderUrl: string | undefined;
  houseMinSpinIntervalMs: number;
  jackpot: { seed: bigint; contributionBp: number; oddsCents: bigint };
  crash: { leader: boolean; bettingMs: number; pauseMs: number; tickMs: number; chainLength: number; takeoverPollMs: number };
  /** Live tables (LIVE_*): the leader, betting window override, reveal, pause, shoe cut, takeover poll. */
  live: { leader: boolean; bettingMs?: number; revealMs?: number; pauseMs: number; shoeCut: number; takeoverPollMs: number };
  /** The sportsbook's feed: undefined, none; sandbox with its pace. */
  sportsbookSandbox: { minuteMs: number } | undefined;
  /** The lottery's results feed for real-world draws: 'sandbox', or undefined (results from the console only). */
  lotteryFeed: 'sandbox' | undefined;
  publicUrl: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, as they do in most .env conventions.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  // Demo secrets and switches, and the TLS settings behind the proxy (production-checks.ts).
  const refused = isProduction ? productionProblems(cleaned) : [];
  if (refused.length > 0) throw new ConfigError(refused);
  const pixPsp = pixPspOf(e, isProduction);
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    ops: { token: e.OPS_TOKEN, allowedIps: e.OPS_ALLOWED_IPS },
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    scale: scaleOf(e),
    dataDir: path.resolve(e.DATA_DIR),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    dbPoolMax: e.DB_POOL_MAX,
    walletLanes: e.WALLET_LANES,
    providerCallbackLanes: e.PROVIDER_CALLBACK_LANES,
    partitions: {
      monthsAhead: e.PARTITION_MONTHS_AHEAD,
      retentionMonths: Object.fromEntries(e.PARTITION_RETENTION.split(',').map((item) => [item.split('=')[0]!, Number(item.split('=')[1])])),
    },
    catalogueCacheEntries: e.CATALOGUE_CACHE_ENTRIES,
    winnersCacheMs: e.WINNERS_CACHE_MS,
    paymentsWebhookUrl: e.PAYMENTS_WEBHOOK_URL ?? `http://127.0.0.1:${e.PORT}/api/payments/webhooks/sandbox`,
    pixPsp,
    imageBase: e.IMAGE_CDN_BASE.endsWith('/') ? e.IMAGE_CDN_BASE : `${e.IMAGE_CDN_BASE}/`,
    logLevel: e.LOG_LEVEL,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    countryHeader: e.COUNTRY_HEADER ? e.COUNTRY_HEADER.toLowerCase() : undefined,
    runWorker: e.RUN_WORKER,
    seedDemo: e.SEED_DEMO && !isProduction,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : path.join(repoRoot, 'apps/web/dist'),
    adminDistDir: e.ADMIN_DIST_DIR ? path.resolve(e.ADMIN_DIST_DIR) : path.join(repoRoot, 'apps/admin/dist'),
    captchaFixedAnswer: e.CAPTCHA_FIXED_ANSWER,
    backofficeTotpKey: e.BACKOFFICE_TOTP_KEY ? Buffer.from(e.BACKOFFICE_TOTP_KEY, 'hex') : undefined,
    demoVendorSecret: isProduction ? undefined : (e.DEMO_VENDOR_SECRET ?? 'demo-vendor-secret'),
    houseVendorSecret: e.HOUSE_VENDOR_SECRET,
    houseProviderUrl: e.HOUSE_PROVIDER_URL?.replace(/\/$/, ''),
    houseMinSpinIntervalMs: e.HOUSE_MIN_SPIN_INTERVAL_MS,
    jackpot: { seed: BigInt(e.JACKPOT_SEED_CENTS), contributionBp: e.JACKPOT_CONTRIBUTION_BP, oddsCents: BigInt(e.JACKPOT_ODDS_CENTS) },
    crash: { leader: e.CRASH_LEADER, bettingMs: e.CRASH_BETTING_MS, pauseMs: e.CRASH_PAUSE_MS, tickMs: e.CRASH_TICK_MS, chainLength: e.CRASH_CHAIN_LENGTH, takeoverPollMs: e.CRASH_TAKEOVER_POLL_MS },
    live: { leader: e.LIVE_LEADER, pauseMs: e.LIVE_PAUSE_MS, shoeCut: e.LIVE_SHOE_CUT, takeoverPollMs: e.LIVE_TAKEOVER_POLL_MS, ...(e.LIVE_BETTING_MS !== undefined ? { bettingMs: e.LIVE_BETTING_MS } : {}), ...(e.LIVE_REVEAL_MS !== undefined ? { revealMs: e.LIVE_REVEAL_MS } : {}) },
    sportsbookSandbox: (e.SPORTSBOOK_FEED ?? (e.NODE_ENV === 'development' && e.SEED_DEMO ? 'sandbox' : 'off')) === 'sandbox' ? { minuteMs: e.SPORTSBOOK_SANDBOX_MINUTE_MS } : undefined,
    lotteryFeed: (e.LOTTERY_FEED ?? (e.NODE_ENV === 'development' && e.SEED_DEMO ? 'sandbox' : 'off')) === 'sandbox' ? 'sandbox' : undefined,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
  };
}

export interface PixPspConfig {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  certFile: string;
  keyFile: string;
  caFile: string | undefined;
  pixKey: string;
  timeoutMs: number;
  registerWebhook: boolean;
}

/** The PSP settings, every missing one named; the files themselves are checked when the payments module starts. */
function pixPspOf(e: z.infer<typeof EnvSchema>, isProduction: boolean): PixPspConfig | undefined {
  if (e.PAYMENTS_PROVIDER === 'sandbox') {
    if (isProduction && !e.PAYMENTS_ALLOW_SANDBOX) {
      throw new ConfigError(['PAYMENTS_PROVIDER: the built-in sandbox moves no real money; set PAYMENTS_PROVIDER=bcb-pix with PIX_PSP_* (or PAYMENTS_ALLOW_SANDBOX=true for a demo site)']);
    }
    return undefined;
  }
  const required = { PIX_PSP_BASE_URL: e.PIX_PSP_BASE_URL, PIX_PSP_CLIENT_ID: e.PIX_PSP_CLIENT_ID, PIX_PSP_CLIENT_SECRET: e.PIX_PSP_CLIENT_SECRET, PIX_PSP_CERT_FILE: e.PIX_PSP_CERT_FILE, PIX_PSP_KEY_FILE: e.PIX_PSP_KEY_FILE, PIX_PSP_PIX_KEY: e.PIX_PSP_PIX_KEY };
  const missing = Object.entries(required).filter(([, value]) => value === undefined).map(([name]) => `${name}: required with PAYMENTS_PROVIDER=bcb-pix`);
  if (missing.length > 0) throw new ConfigError(missing);
  const baseUrl = e.PIX_PSP_BASE_URL!.replace(/\/$/, '');
  return {
    baseUrl,
    tokenUrl: e.PIX_PSP_TOKEN_URL ?? `${baseUrl}/oauth/token`,
    clientId: e.PIX_PSP_CLIENT_ID!,
    clientSecret: e.PIX_PSP_CLIENT_SECRET!,
    certFile: path.resolve(e.PIX_PSP_CERT_FILE!),
    keyFile: path.resolve(e.PIX_PSP_KEY_FILE!),
    caFile: e.PIX_PSP_CA_FILE ? path.resolve(e.PIX_PSP_CA_FILE) : undefined,
    pixKey: e.PIX_PSP_PIX_KEY!,
    timeoutMs: e.PIX_PSP_TIMEOUT_MS,
    registerWebhook: e.PIX_PSP_REGISTER_WEBHOOK,
  };
}

/** Scale-out settings; pgbouncer in transaction mode cannot carry LISTEN, session advisory locks or migrations' lock. */
function scaleOf(e: z.infer<typeof EnvSchema>): Config['scale'] {
  if (e.PGBOUNCER && !e.DATABASE_DIRECT_URL) throw new ConfigError(['DATABASE_DIRECT_URL: required with PGBOUNCER=true (LISTEN, leadership locks and migrations need a direct connection)']);
  return { databaseReadUrl: e.DATABASE_READ_URL, databaseDirectUrl: e.DATABASE_DIRECT_URL, pgbouncer: e.PGBOUNCER, natsUrl: e.NATS_URL, nodeName: e.CLUSTER_NODE_NAME };
}

/** For entry points: parse or print every problem and exit. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
