import http from 'node:http';
import path from 'node:path';
import { format } from 'node:util';
import { pathToFileURL } from 'node:url';

/**
 * The operator command lines (apps/server/src/cli/<name>.ts) for the journeys, in one process
 * that lives as long as the run. Started apart, each `node --import tsx` of a CLI loaded the whole
 * server again: 2–3 s of CPU each on a two-core machine, some forty times a run. Here the server's
 * modules load once; each request evaluates the CLI script alone again (a fresh module URL, so
 * its top-level code runs with the request's argv) while the console is captured and
 * process.exit becomes the answer's exit code. The script is the operator's, unchanged.
 *
 * One command at a time: argv, console and the exit code are process-wide.
 *   POST /run {"cli":"wallet","args":["adjust",…]} → {"code":0,"stdout":"…","stderr":""}
 */
const CLI_NAMES = new Set(['agents', 'backoffice', 'bonus', 'jackpot', 'points', 'referral', 'system', 'wallet']);
const CLI_DIR = path.resolve(import.meta.dirname, '../apps/server/src/cli');
const port = Number(process.env.E2E_OPS_PORT);

class ExitCalled extends Error {
  constructor(readonly code: number) {
    super(`process.exit(${code})`);
  }
}

let runs = 0;
let queue: Promise<unknown> = Promise.resolve();

async function runCli(cli: string, args: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const saved = { argv: process.argv, exit: process.exit, log: console.log, info: console.info, error: console.error, warn: console.warn };
  const script = path.join(CLI_DIR, `${cli}.ts`);
  process.argv = [process.execPath, script, ...args];
  process.exitCode = undefined;
  console.log = console.info = (...parts: unknown[]) => void stdout.push(`${format(...parts)}\n`);
  console.error = console.warn = (...parts: unknown[]) => void stderr.push(`${format(...parts)}\n`);
  process.exit = ((code?: number) => {
    throw new ExitCalled(code ?? 0);
  }) as typeof process.exit;
  let code: number;
  try {
    runs += 1;
    await import(`${pathToFileURL(script).href}?run=${runs}`);
    code = typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof ExitCalled) code = error.code;
    else {
      code = 1;
      stderr.push(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
  } finally {
    Object.assign(console, { log: saved.log, info: saved.info, error: saved.error, warn: saved.warn });
    process.exit = saved.exit;
    process.argv = saved.argv;
    process.exitCode = undefined;
  }
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}

const server = http.createServer((request, response) => {
  const answer = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (request.method === 'GET' && request.url === '/healthz') return answer(200, { ok: true });
  if (request.method !== 'POST' || request.url !== '/run') return answer(404, { error: 'not found' });
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    let cli: unknown;
    let args: unknown;
    try {
      ({ cli, args } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { cli: unknown; args: unknown });
    } catch {
      return answer(400, { error: 'body is not JSON' });
    }
    if (typeof cli !== 'string' || !CLI_NAMES.has(cli) || !Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) {
      return answer(400, { error: `cli must be one of ${[...CLI_NAMES].join(', ')} and args an array of strings` });
    }
    const result = queue.then(() => runCli(cli, args as string[]));
    queue = result.catch(() => undefined);
    result.then((outcome) => answer(200, outcome), (error: unknown) => answer(500, { error: String(error) }));
  });
});
server.listen(port, '127.0.0.1');
