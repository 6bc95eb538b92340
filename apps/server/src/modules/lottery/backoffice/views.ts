import type { FastifyRequest } from 'fastify';
import type { LotteryAdminDrawRow, LotteryAdminGame } from '@app/contracts';
import { AppError, formatCents } from '@app/kernel';
import type { ApprovalActor } from '../../../platform/approval-kinds.ts';
import type { ConsoleGameRow, DrawRow } from './console.repository.ts';

export const money = (cents: bigint | number | string | null | undefined) => formatCents(BigInt(cents ?? 0));

export const actorOf = (request: FastifyRequest): ApprovalActor => {
  const operator = request.operator;
  if (!operator) throw new AppError('backoffice.session_required', 'operator session required, please log in');
  return { id: operator.id, username: operator.username, role: operator.role, ip: request.ip };
};

export const gameView = (row: ConsoleGameRow): LotteryAdminGame => ({
  code: row.code,
  family: row.family,
  area: row.area,
  region: row.region,
  namePt: row.name_pt,
  nameEn: row.name_en,
  enabled: row.enabled,
  intervalMinutes: row.interval_minutes,
  schedule: row.schedule,
  closeBeforeSeconds: Math.round(row.close_before_ms / 1000),
  prizeModes: row.prize_modes as LotteryAdminGame['prizeModes'],
  minStake: money(row.min_stake_cents),
  maxStake: money(row.max_stake_cents),
  numberLiability: money(row.number_liability_cents),
  nextDraw:
    row.next_id === null
      ? null
      : { id: row.next_id.toString(), drawNo: row.next_no ?? '', status: row.next_status as NonNullable<LotteryAdminGame['nextDraw']>['status'], closesAt: row.next_closes_at!.toISOString(), drawAt: row.next_draw_at!.toISOString() },
});

export const drawView = (row: DrawRow): LotteryAdminDrawRow => ({
  id: row.id.toString(),
  gameCode: row.game_code,
  family: row.family,
  drawNo: row.draw_no,
  status: row.status as LotteryAdminDrawRow['status'],
  closesAt: row.closes_at.toISOString(),
  drawAt: row.draw_at.toISOString(),
  tickets: row.tickets,
  stake: money(row.stake),
  potentialPayout: money(row.potential),
  paid: money(row.paid),
  resultVersion: row.result_version,
});
