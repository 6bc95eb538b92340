import type { CallerKind } from './callers.ts';
import type { Draft } from './requests.ts';

/**
 * What the fuzzer does not send, and why. Only requests that would end the run's own footing are
 * left out; everything else (locks, password resets, self-exclusion of the fuzzed member…) is sent,
 * and the caller is replaced when its session ends (callers.ts).
 */
export interface Skip {
  operation: string;
  callers: readonly CallerKind[];
  /** Only drafts for which this holds are skipped (default: all). */
  when?: (draft: Draft) => boolean;
  reason: string;
}

/** Settings that take the site away from everyone else by design. */
const SITE_WIDE_SWITCHES = new Set(['maintenance', 'region', 'backoffice']);

export const SKIPS: readonly Skip[] = [
  {
    operation: 'DELETE /api/session',
    callers: ['member', 'agent'],
    reason: "logs the caller's own session out: a new member would be built after every such request, and logout is covered by the session tests",
  },
  {
    operation: 'DELETE /api/backoffice/session',
    callers: ['operator'],
    reason: "logs the operator's own session out (each new operator costs a password hash and a two-factor enrolment)",
  },
  {
    operation: 'PUT /api/backoffice/settings/{key}',
    callers: ['operator'],
    when: (draft) => SITE_WIDE_SWITCHES.has(draft.path.key ?? ''),
    reason: 'maintenance answers every member 503 by design, and region or the back-office IP allow-list would shut every caller out for the rest of the run; the other settings keys are fuzzed',
  },
];

export function skipOf(operation: string, caller: CallerKind, draft: Draft): Skip | undefined {
  return SKIPS.find((skip) => skip.operation === operation && skip.callers.includes(caller) && (skip.when?.(draft) ?? true));
}
