import type { AdjustmentStatus, MemberDetail } from '@app/contracts';

/** Account types (spec §3) as the console names them. */
export function typeKey(type: number): 'types.member' | 'types.trial' | 'types.agent' | 'types.other' {
  if (type === 0) return 'types.member';
  if (type === 4) return 'types.trial';
  if (type === 1 || type === 2 || type === 41 || type === 42) return 'types.agent';
  return 'types.other';
}

export const STATUS_TONE: Record<MemberDetail['status'], 'ok' | 'warn' | 'bad' | 'neutral'> = { active: 'ok', locked: 'bad', closed: 'neutral' };

export const ADJUSTMENT_TONE: Record<AdjustmentStatus, 'ok' | 'warn' | 'bad' | 'neutral'> = { pending: 'warn', approved: 'ok', rejected: 'bad' };
