import { readFileSync } from 'node:fs';

/**
 * Reads the worked examples out of docs/lottery-rules.md so the tests check the code against the
 * document itself, not a copy of it that could drift (test helper only).
 */

export const RULES_DOCUMENT = readFileSync(new URL('../../../../../../docs/lottery-rules.md', import.meta.url), 'utf8');

export interface DocumentExample {
  id: string;
  result: string;
  mode: string;
  betType: string;
  selections: string[];
  unitCents: bigint;
  combinations: number;
  totalCents: bigint;
  hits: Record<string, number>;
  returnCents: bigint;
}

export function centsOf(amount: string): bigint {
  const match = /^(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new Error(`not an amount: ${amount}`);
  return BigInt(match[1]!) * 100n + BigInt(match[2]!);
}

function hitsOf(cell: string): Record<string, number> {
  if (cell === '—') return {};
  return Object.fromEntries(
    cell.split(' ').map((part) => {
      const [key, count] = part.split('×');
      return [key!, Number(count)];
    }),
  );
}

/** Every table row whose first cell is an example id (N1, S14, F3 …). */
export function documentExamples(): DocumentExample[] {
  return RULES_DOCUMENT.split('\n')
    .filter((line) => /^\| [NSCEF]\d+ \|/.test(line))
    .map((line) => {
      const [id, result, mode, betType, selections, unit, combinations, total, hits, returned] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return {
        id: id!,
        result: result!,
        mode: mode!,
        betType: betType!,
        selections: selections!.split(' '),
        unitCents: centsOf(unit!),
        combinations: Number(combinations),
        totalCents: centsOf(total!),
        hits: hitsOf(hits!),
        returnCents: centsOf(returned!),
      };
    });
}

/** The ```json result=<name> blocks. */
export function documentResults(): Map<string, unknown> {
  const results = new Map<string, unknown>();
  for (const match of RULES_DOCUMENT.matchAll(/```json result=([a-z0-9-]+)\n([\s\S]*?)```/g)) {
    results.set(match[1]!, JSON.parse(match[2]!));
  }
  return results;
}

/** The body of a fenced block by its info string (```text fast-example, ```js verify-node …). */
export function documentBlock(info: string): string {
  const start = RULES_DOCUMENT.indexOf(`\`\`\`${info}\n`);
  if (start < 0) throw new Error(`no block ${info}`);
  const body = start + info.length + 4;
  return RULES_DOCUMENT.slice(body, RULES_DOCUMENT.indexOf('```', body));
}
