/**
 * Architecture that is not checked decays (house style §A.5). The allowed-dependencies table
 * between server modules lives in ALLOWED below: a module may import another only through its
 * index.ts and only if listed here.
 */
const ALLOWED = {
  system: [],
  accounts: ['system'],
  backoffice: [],
  content: ['backoffice'],
  agents: ['system', 'accounts', 'backoffice'],
  reports: [],
};

const moduleNames = Object.keys(ALLOWED);

const crossModuleRules = moduleNames.map((name) => ({
  name: `module-${name}-allowed-dependencies`,
  comment: `modules/${name} may import only ${ALLOWED[name].join(', ') || 'no other module'}, and only through index.ts`,
  severity: 'error',
  from: { path: `^apps/server/src/modules/${name}/` },
  to: {
    path: '^apps/server/src/modules/([^/]+)/',
    pathNot: [`^apps/server/src/modules/${name}/`, ...ALLOWED[name].map((dep) => `^apps/server/src/modules/${dep}/index\\.ts$`)],
  },
}));

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true, dependencyTypesNot: ['type-only'] } },
    {
      name: 'kernel-and-contracts-stand-alone',
      comment: 'packages/kernel and packages/contracts are shared by server and SPAs: they import no app code',
      severity: 'error',
      from: { path: '^packages/(kernel|contracts)/' },
      to: { path: '^(apps/|packages/(ui|i18n)/)' },
    },
    {
      name: 'platform-knows-no-module',
      comment: 'platform/ holds technical adapters; modules depend on it, never the reverse',
      severity: 'error',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'spa-never-imports-server',
      severity: 'error',
      from: { path: '^apps/(web|admin)/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-never-imports-spa',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^(apps/(web|admin)/|packages/ui/)' },
    },
    {
      name: 'no-undeclared-dependencies',
      comment: 'npm hoists, so an undeclared import would still resolve: declare it in the package.json',
      severity: 'error',
      from: { pathNot: '\\.test\\.tsx?$' },
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    ...crossModuleRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
