import { parseArgs } from 'node:util';
import { runDrill } from './drill.ts';

/**
 * `npm run drill`: the full failure drill (drill.ts) — several kills of each kind at random
 * moments under heavier traffic — with its summary printed; exits 1 on any problem.
 *
 *   npm run drill [-- --cycles 4 --vendors 8 --crash 6 --deposits 3 --database-url postgres://…/drills]
 *
 * --database-url runs against that database (migrated first) and skips the PostgreSQL kills:
 * the drill kills only a server it started.
 */
const { values } = parseArgs({
  options: {
    cycles: { type: 'string', default: '3' },
    vendors: { type: 'string', default: '8' },
    crash: { type: 'string', default: '6' },
    deposits: { type: 'string', default: '3' },
    'database-url': { type: 'string' },
  },
});

const summary = await runDrill({
  databaseUrl: values['database-url'],
  vendorPlayers: Number(values.vendors),
  crashMembers: Number(values.crash),
  depositors: Number(values.deposits),
  cycles: Number(values.cycles),
  pauseMs: [2000, 8000],
  downMs: [300, 4000],
  print: (line) => console.log(line),
});
process.exit(summary.problems.length === 0 ? 0 : 1);
