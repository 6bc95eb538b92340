/**
 * Architecture that is not checked decays (house style §A.5). The walls are default-deny: every
 * file under apps/, packages/, e2e/, scripts/ and bench/ belongs to one area listed below, and an
 * area may import only the areas written beside it. A new server module, web feature or console
 * feature fails `npm run boundaries` until it is added to its table. docs/ARCHITECTURE.md
 * ("Module map") repeats these tables in prose: change both together.
 */

/** Server modules: which other modules each may import, always through that module's index.ts. */
const SERVER_MODULES = {
  system: [],
  accounts: ['system'],
  backoffice: [],
  wallet: ['accounts'],
  payments: ['system', 'accounts', 'wallet'],
  provider: ['accounts', 'wallet'],
  'house-games': ['accounts', 'wallet'],
  catalogue: ['accounts', 'wallet', 'provider', 'house-games'],
  content: ['backoffice'],
  agents: ['system', 'accounts', 'backoffice'],
  reports: [],
  bonus: ['accounts', 'wallet'],
  promotions: ['accounts', 'backoffice'],
  points: ['accounts', 'backoffice', 'wallet'],
  vip: ['accounts', 'backoffice'],
  missions: ['accounts', 'backoffice', 'points'],
  sportsbook: ['accounts'],
  lottery: ['accounts'],
  'live-tables': ['accounts'],
  messages: ['accounts', 'backoffice'],
  feedback: ['accounts', 'backoffice', 'messages'],
  'support-chat': ['accounts', 'backoffice'],
  referral: ['accounts', 'backoffice'],
  limits: ['accounts', 'backoffice'],
  exclusion: ['accounts', 'backoffice'],
  kyc: ['accounts', 'backoffice'],
  compliance: ['accounts', 'backoffice'],
};
/** The slot engine and fairness stream are shared with the browser's verifier. */
const SERVER_MODULE_EXTRA_PACKAGES = { catalogue: ['house-games'], 'house-games': ['house-games'], 'live-tables': ['house-games'] };

/** Player app features: which other features each may import, through that feature's index.ts. */
const WEB_FEATURES = {
  system: [],
  account: ['content', 'payments', 'system'],
  agent: ['account', 'betting', 'content', 'member', 'system', 'wallet'],
  betting: ['account', 'fairness', 'games', 'live', 'wallet'],
  bonus: ['wallet'],
  content: ['account', 'games'],
  fairness: ['account', 'games', 'payments', 'wallet'],
  games: ['account', 'system', 'wallet'],
  help: ['content', 'system'],
  home: ['account', 'content', 'games', 'system'],
  lottery: ['wallet'],
  live: ['account', 'games', 'system', 'wallet', 'fairness'],
  member: ['account', 'betting', 'bonus', 'messages', 'missions', 'payments', 'promotions', 'referral', 'vip', 'wallet'],
  messages: ['account', 'system'],
  feedback: ['account', 'system'],
  support: ['account', 'system'],
  referral: ['account', 'system'],
  limits: ['account', 'system', 'wallet'],
  exclusion: ['account', 'system'],
  kyc: ['account', 'system'],
  compliance: ['account', 'system'],
  missions: ['account', 'bonus', 'wallet'],
  payments: ['account', 'member', 'wallet'],
  points: ['account', 'wallet'],
  promotions: ['account', 'content'],
  sportsbook: ['account', 'system', 'wallet'],
  vip: ['wallet'],
  wallet: ['account', 'member', 'system'],
};

/** Console features: which other features each may import, through that feature's index.ts. */
const ADMIN_FEATURES = {
  agents: ['approvals'],
  approvals: [],
  audit: [],
  catalogue: ['approvals'],
  content: [],
  dashboard: ['reports'],
  lottery: ['approvals'],
  'live-tables': [],
  messages: [],
  feedback: [],
  'support-chat': [],
  referral: [],
  limits: [],
  exclusion: [],
  kyc: [],
  compliance: [],
  members: ['approvals'],
  missions: [],
  operators: [],
  payments: [],
  points: [],
  promotions: [],
  reports: ['dashboard'],
  session: [],
  settings: ['content', 'approvals'],
  sportsbook: [],
  vip: [],
};

/** Internal packages and what each may import of ours. */
const PACKAGES = {
  kernel: [],
  contracts: [],
  i18n: ['contracts'],
  ui: [],
  'house-games': ['kernel', 'contracts'],
};

const SERVER = 'apps/server/src';
const OUR_CODE = '^(apps|packages|e2e|scripts|bench)/';
/** Tests and their helpers; only they may import a test/ folder (or, in the SPAs, app/ to render the whole app). */
const TEST_CODE = '(\\.test\\.tsx?$|/test/|-test-kit\\.ts$|-test-fixtures\\.ts$)';

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pkg = (name) => `^packages/${escape(name)}/`;
const moduleIndex = (name) => `^${SERVER}/modules/${escape(name)}/index\\.ts$`;
const allModuleIndexes = `^${SERVER}/modules/(${Object.keys(SERVER_MODULES).map(escape).join('|')})/index\\.ts$`;
const featureIndex = (app, name) => `^apps/${app}/src/features/${escape(name)}/index\\.ts$`;
/** Stylesheets shared between features by path until they move to packages/ui (issue 19, duplicates). */
const featureStyles = (app, name) => `^apps/${app}/src/features/${escape(name)}/.*\\.css$`;
const serverPackages = [pkg('kernel'), pkg('contracts')];

/**
 * Every area: where its files are (`from`) and what they may import (`may`). Areas must not
 * overlap; anything under OUR_CODE outside all of them is refused by `not-in-any-area`.
 */
const AREAS = [
  // Server: modules, then the technical platform and the composition root around them.
  ...Object.entries(SERVER_MODULES).map(([name, deps]) => ({
    name: `server-module-${name}`,
    comment: `modules/${name} may import only ${deps.join(', ') || 'no other module'} (through index.ts), platform/, database.ts and packages ${['kernel', 'contracts', ...(SERVER_MODULE_EXTRA_PACKAGES[name] ?? [])].join(', ')}`,
    from: `^${SERVER}/modules/${escape(name)}/`,
    may: [
      `^${SERVER}/modules/${escape(name)}/`,
      ...deps.map(moduleIndex),
      `^${SERVER}/platform/`,
      `^${SERVER}/database\\.ts$`,
      '^apps/server/test/',
      ...serverPackages,
      ...(SERVER_MODULE_EXTRA_PACKAGES[name] ?? []).map(pkg),
    ],
  })),
  {
    name: 'server-platform',
    comment: 'platform/ holds technical adapters; modules depend on it, never the reverse',
    from: `^${SERVER}/platform/`,
    may: [`^${SERVER}/platform/`, `^${SERVER}/database\\.ts$`, '^apps/server/test/', '^scripts/vite-precompress\\.ts$', ...serverPackages],
  },
  {
    name: 'server-generated-schema',
    comment: 'generated/ holds the schema read from the migrations (npm run db:types) and the type check of the modules\' table types against it; no code imports it',
    from: `^${SERVER}/generated/`,
    may: [`^${SERVER}/generated/`, `^${SERVER}/database\\.ts$`, ...serverPackages],
  },
  {
    name: 'server-database-types',
    comment: 'database.ts assembles the Kysely database type from each module\'s <module>.tables.ts and nothing else',
    from: `^${SERVER}/database\\.ts$`,
    may: [`^${SERVER}/modules/[^/]+/[^/]+\\.tables\\.ts$`],
  },
  {
    name: 'server-composition-root',
    comment: 'compose.ts (with compose-http.ts and compose-worker.ts) wires platform and modules; it sees each module only through index.ts',
    from: `^${SERVER}/compose(-http|-worker)?\\.ts$`,
    may: [`^${SERVER}/compose\\.ts$`, `^${SERVER}/platform/`, allModuleIndexes, ...serverPackages],
  },
  {
    name: 'server-entry-points',
    comment: 'main-api.ts and main-worker.ts start what compose.ts wires',
    from: `^${SERVER}/main-[^/]+\\.ts$`,
    may: [`^${SERVER}/compose(-http|-worker)?\\.ts$`, `^${SERVER}/platform/`, `^${SERVER}/seed/`, ...serverPackages],
  },
  {
    name: 'server-cli',
    comment: 'operator commands use modules through index.ts, like compose.ts',
    from: `^${SERVER}/cli/`,
    may: [`^${SERVER}/cli/`, `^${SERVER}/compose\\.ts$`, `^${SERVER}/platform/`, allModuleIndexes, '^apps/server/test/', ...serverPackages],
  },
  {
    name: 'server-seed',
    comment: 'demo data goes in through the modules\' public APIs',
    from: `^${SERVER}/seed/`,
    may: [`^${SERVER}/seed/`, `^${SERVER}/platform/`, allModuleIndexes, ...serverPackages],
  },
  {
    name: 'server-test-support',
    comment: 'apps/server/test: fixtures and cross-module tests use modules through index.ts (a test inside a module may use its own internals)',
    from: '^apps/server/test/',
    may: ['^apps/server/test/', `^${SERVER}/(compose|compose-http|database)\\.ts$`, `^${SERVER}/platform/`, `^${SERVER}/seed/`, allModuleIndexes, ...serverPackages],
  },

  // Player app and console: app/ (router, shell), shared/, test/, and features/<name>/.
  ...['web', 'admin'].flatMap((app) => {
    const features = app === 'web' ? WEB_FEATURES : ADMIN_FEATURES;
    const packages = app === 'web' ? ['contracts', 'ui', 'i18n', 'house-games', 'kernel'] : ['contracts', 'ui', 'i18n'];
    const src = `^apps/${app}/src`;
    const allFeatureIndexes = `${src}/features/(${Object.keys(features).map(escape).join('|')})/index\\.ts$`;
    return [
      ...Object.entries(features).map(([name, deps]) => ({
        name: `${app}-feature-${name}`,
        comment: `${app} features/${name} may import only ${deps.join(', ') || 'no other feature'} (through index.ts), shared/ and packages`,
        from: `${src}/features/${escape(name)}/`,
        may: [
          `${src}/features/${escape(name)}/`,
          ...deps.flatMap((dep) => [featureIndex(app, dep), featureStyles(app, dep)]),
          `${src}/shared/`,
          `${src}/(app|test)/`,
          ...packages.map(pkg),
        ],
      })),
      {
        name: `${app}-app`,
        comment: `${app} app/ (router, shell) uses features through their index.ts`,
        from: `${src}/app/`,
        may: [`${src}/app/`, allFeatureIndexes, `${src}/shared/`, `${src}/test/`, ...packages.map(pkg)],
      },
      {
        name: `${app}-shared`,
        comment: `${app} shared/ is used by features and may not import them`,
        // shared/i18n-namespaces.tsx wraps app/shell/lazy-page.tsx: a known upward import, listed so it stays the only one.
        from: `${src}/shared/`,
        may: [`${src}/shared/`, `${src}/app/shell/lazy-page\\.tsx$`, ...packages.map(pkg)],
      },
      {
        name: `${app}-test-support`,
        comment: `${app} test/ renders the whole app over a faked API`,
        from: `${src}/test/`,
        may: [`${src}/(test|app|shared)/`, allFeatureIndexes, ...packages.map(pkg)],
      },
      {
        name: `${app}-top-level`,
        comment: `${app} build config, test setup and type declarations`,
        from: `^apps/${app}/[^/]+\\.ts$|${src}/[^/]+\\.tsx?$`,
        may: [`${src}/`, '^scripts/vite-[^/]+\\.ts$', ...packages.map(pkg)],
      },
    ];
  }),

  // Packages.
  ...Object.entries(PACKAGES).map(([name, deps]) => ({
    name: `package-${name}`,
    comment: `packages/${name} may import ${deps.join(', ') || 'no other package of ours'}, and no app`,
    from: pkg(name),
    may: [pkg(name), ...deps.map(pkg)],
  })),

  // Tooling around the apps.
  {
    name: 'e2e',
    comment: 'journeys drive the running server; they share the wire schemas and the TOTP code generator',
    from: '^e2e/',
    may: ['^e2e/', pkg('contracts'), `^${SERVER}/platform/security/totp\\.ts$`],
  },
  {
    name: 'scripts',
    comment: 'the test runner starts an embedded PostgreSQL the way the server does; the ownership checks run the server tests\' rules (migrations, module code)',
    from: '^scripts/',
    may: ['^scripts/', `^${SERVER}/platform/`, '^apps/server/test/(migration|code-table)-ownership\\.ts$', ...serverPackages],
  },
  {
    name: 'bench',
    comment: 'benchmarks build the server like compose.ts does; bench/agents.ts times the settlement statements one by one',
    from: '^bench/',
    may: [
      '^bench/',
      `^${SERVER}/(compose|compose-http|database)\\.ts$`,
      `^${SERVER}/platform/`,
      `^${SERVER}/seed/`,
      allModuleIndexes,
      `^${SERVER}/modules/agents/settlement/settlement\\.repository\\.ts$`,
      ...serverPackages,
      pkg('house-games'),
    ],
  },
];

const areaRules = AREAS.map((area) => ({
  name: area.name,
  comment: area.comment,
  severity: 'error',
  from: { path: area.from },
  to: { path: OUR_CODE, pathNot: area.may },
}));

const everyArea = AREAS.map((area) => area.from);

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'a cycle through a feature index.ts is a cycle between features (account and payments use each other today); those are visible, and bounded, in WEB_FEATURES / ADMIN_FEATURES',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'], viaNot: '^apps/(web|admin)/src/features/[^/]+/index\\.ts$' },
    },
    {
      name: 'not-in-any-area',
      comment: 'default-deny: a file outside every listed area (a new module, feature or package) fails until it is added to the tables in .dependency-cruiser.cjs',
      severity: 'error',
      from: { path: OUR_CODE, pathNot: everyArea },
      to: {},
    },
    {
      name: 'not-in-any-area-orphan',
      comment: 'default-deny also for a file outside every area that imports nothing',
      severity: 'error',
      from: { path: OUR_CODE, pathNot: everyArea, orphan: true },
      to: {},
    },
    {
      name: 'test-helpers-only-in-tests',
      comment: 'test/ folders hold fixtures and fakes: only tests and their helpers import them (scripts/ runs the migration ownership check of apps/server/test)',
      severity: 'error',
      from: { path: OUR_CODE, pathNot: [TEST_CODE, '^scripts/'] },
      to: { path: '/test/' },
    },
    {
      name: 'features-render-app-only-in-tests',
      comment: 'a feature\'s tests may render the whole app (app/ routes and providers); its code sits below app/ and never imports it',
      severity: 'error',
      from: { path: '^apps/(web|admin)/src/features/', pathNot: TEST_CODE },
      to: { path: '^apps/(web|admin)/src/app/' },
    },
    {
      name: 'no-undeclared-dependencies',
      comment: 'npm hoists, so an undeclared import would still resolve: declare it in the package.json',
      severity: 'error',
      from: { pathNot: '\\.test\\.tsx?$' },
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    ...areaRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // test/boundaries.test.ts writes short-lived boundary-probe-* files that break the walls on
    // purpose; only its own cruise (BOUNDARY_PROBES=include) sees them, so a `npm run boundaries`
    // running meanwhile is not failed by them.
    exclude: { path: process.env.BOUNDARY_PROBES === 'include' ? '(^|/)(dist|node_modules)/' : '(^|/)(dist|node_modules)/|(^|/)boundary-probe-[0-9]+' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
