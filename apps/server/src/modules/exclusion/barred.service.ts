import { isValidCpf, normalizeCpf, type BarredImportResult, type BarredOverview } from '@app/contracts';
import { AppError } from '@app/kernel';
import type { Db, DbExecutor } from '../../platform/db.ts';
import type { Logger } from '../../platform/logger.ts';
import type { BarredPersonsAdapter } from './barred.adapter.ts';
import type { ExclusionPorts } from './exclusion.ports.ts';
import * as repository from './exclusion.repository.ts';
import type { ExclusionService } from './exclusion.service.ts';

/** A barred closure leaves the balance withdrawable for this long (the regulation's withdrawal window). */
export const WITHDRAW_WINDOW_MS = 2 * 24 * 3_600_000;
/** The whole base is checked again when the last complete run is this old. */
export const WHOLE_BASE_EVERY_MS = 15 * 24 * 3_600_000;
const PAGE = 500;
const MAX_LINES = 100_000;

/** The notice of a barred closure: neutral (it never says "barred"), with where and until when to withdraw. */
export function closureNotice(withdrawUntil: Date, timeZone: string): { title: string; text: string } {
  const until = new Intl.DateTimeFormat('pt-BR', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(withdrawUntil);
  return {
    title: 'Sua conta foi encerrada',
    text:
      `Encerramos esta conta em cumprimento às regras do setor de apostas (Lei 14.790/2023). ` +
      `Você pode sacar todo o seu saldo até ${until} pela opção "Sacar meu saldo" na tela de entrada. Dúvidas: fale com o suporte.`,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Splits a pasted or uploaded list: lines, commas, semicolons or tabs; a CSV header or quotes are tolerated. */
export function parseCpfList(text: string): { valid: string[]; invalid: string[]; duplicates: number } {
  const tokens = text.split(/[\r\n,;\t]+/).map((token) => token.trim().replace(/^"|"$/g, '').trim()).filter((token) => token !== '');
  if (tokens.length > MAX_LINES) throw new AppError('exclusion.import_too_large', 'at most 100,000 CPFs per import', { max: MAX_LINES });
  const seen = new Set<string>();
  const invalid: string[] = [];
  let duplicates = 0;
  for (const [index, token] of tokens.entries()) {
    // A header line ("cpf") is not a refused CPF.
    if (index === 0 && /^[a-z_ ]+$/i.test(token)) continue;
    const cpf = /^[\d.\-\s]{11,18}$/.test(token) ? normalizeCpf(token) : null;
    if (!cpf || !isValidCpf(cpf)) {
      invalid.push(token.slice(0, 40));
      continue;
    }
    if (seen.has(cpf)) duplicates += 1;
    else seen.add(cpf);
  }
  return { valid: [...seen], invalid, duplicates };
}

export function createBarredService(deps: { db: Db; logger: Logger; ports: ExclusionPorts; adapter: BarredPersonsAdapter; exclusion: ExclusionService; now: () => Date; announce?: (tx: DbExecutor, memberId: bigint) => Promise<void> }) {
  const { db, logger, ports, adapter } = deps;

  /** A hit: the account closed by the regulation's steps (restriction with its window, notices logged and sent, then sessions ended and bets refunded). */
  async function closeBarred(memberId: bigint): Promise<boolean> {
    const now = deps.now();
    const withdrawUntil = new Date(now.getTime() + WITHDRAW_WINDOW_MS);
    const notice = closureNotice(withdrawUntil, await ports.timeZone());
    const created = await db.transaction().execute(async (tx) => {
      await repository.lockMember(tx, memberId);
      const row = await repository.insertRestriction(tx, { memberId, kind: 'barred', period: 'indefinite', startsAt: now, endsAt: null, withdrawUntil, requestId: null });
      if (!row) return undefined;
      await deps.announce?.(tx, memberId);
      await repository.insertNotice(tx, { memberId, restrictionId: row.id, channel: 'platform_message', content: `${notice.title}. ${notice.text}` });
      await ports.notifyMember(tx, { memberId, title: notice.title, bodyHtml: `<p>${escapeHtml(notice.text)}</p>`, sourceKey: `exclusion-barred-${row.id}` });
      await ports.audit(tx, { operatorId: null, action: 'exclusion.barred.closed', targetType: 'member', targetId: memberId.toString(), details: { restrictionId: row.id.toString(), withdrawUntil: withdrawUntil.toISOString(), adapter: adapter.name } });
      return row;
    });
    if (!created) return false;
    // The SMS after the commit (its provider is outside our transaction); logged only once sent.
    try {
      if (await ports.smsMember(memberId, `${notice.title}. ${notice.text}`)) {
        await repository.insertNotice(db, { memberId, restrictionId: created.id, channel: 'sms', content: `${notice.title}. ${notice.text}` });
      }
    } catch (error) {
      logger.warn({ err: error, memberId: memberId.toString() }, 'barred closure SMS not sent');
    }
    await deps.exclusion.applySteps(created);
    return true;
  }

  /** One member's check (registration is separate: no member yet). Down: logged, 'unavailable', never blocking. */
  async function checkMember(memberId: bigint, cpf: string): Promise<'hit' | 'clear' | 'unavailable'> {
    let barred: Set<string>;
    try {
      barred = await adapter.barredAmong([cpf]);
    } catch (error) {
      logger.warn({ err: error, adapter: adapter.name }, 'barred-persons check unavailable; retried at the next login');
      await repository.recordChecks(db, [memberId], 'unavailable', deps.now());
      return 'unavailable';
    }
    const hit = barred.has(cpf);
    await repository.recordChecks(db, [memberId], hit ? 'hit' : 'clear', deps.now());
    if (hit) await closeBarred(memberId);
    return hit ? 'hit' : 'clear';
  }

  /** Checks members page by page (all of them, or those with `onlyCpfs`); answers counts. Throws when the adapter fails (the run records it). */
  async function checkBase(onlyCpfs?: readonly string[]): Promise<{ checked: number; hits: number }> {
    let after = 0n;
    const counts = { checked: 0, hits: 0 };
    for (;;) {
      const page = await repository.membersWithCpf(db, after, PAGE, onlyCpfs);
      if (page.length === 0) break;
      after = page.at(-1)!.id;
      const barred = await adapter.barredAmong(page.map((member) => member.cpf));
      const hits = page.filter((member) => barred.has(member.cpf));
      await repository.recordChecks(db, page.filter((member) => !barred.has(member.cpf)).map((member) => member.id), 'clear', deps.now());
      await repository.recordChecks(db, hits.map((member) => member.id), 'hit', deps.now());
      for (const member of hits) if (await closeBarred(member.id)) counts.hits += 1;
      counts.checked += page.length;
      if (page.length < PAGE) break;
    }
    return counts;
  }

  /** The whole-base check as a recorded run; a failing adapter is recorded and retried by the next day's job. */
  async function runWholeBase(): Promise<{ checked: number; hits: number; error: string | null }> {
    const runId = await repository.startRun(db);
    try {
      const counts = await checkBase();
      await repository.finishRun(db, runId, { ...counts, error: null });
      return { ...counts, error: null };
    } catch (error) {
      const message = error instanceof Error ? error.message.slice(0, 300) : 'unknown error';
      logger.error({ err: error, adapter: adapter.name }, 'barred-persons whole-base check failed; retried tomorrow');
      await repository.finishRun(db, runId, { checked: 0, hits: 0, error: message });
      return { checked: 0, hits: 0, error: message };
    }
  }

  return {
    checkMember,
    closeBarred,
    runWholeBase,

    /** Registration: a barred CPF is refused (neutral text); a check that does not answer lets the registration through (logged; the first login checks again). */
    async registrationGate(cpf: string): Promise<'ok' | 'refused'> {
      try {
        return (await adapter.barredAmong([cpf])).has(cpf) ? 'refused' : 'ok';
      } catch (error) {
        logger.warn({ err: error, adapter: adapter.name }, 'barred-persons check unavailable at registration; checked again at the first login');
        return 'ok';
      }
    },

    /** The job (daily): the whole base when the last complete run is 15 days old or more. */
    async dueRun(): Promise<{ ran: boolean; checked: number; hits: number; error: string | null }> {
      const last = await repository.lastCompleteRun(db);
      if (last && deps.now().getTime() - last.getTime() < WHOLE_BASE_EVERY_MS) return { ran: false, checked: 0, hits: 0, error: null };
      return { ran: true, ...(await runWholeBase()) };
    },

    /** The operator's import: validated, duplicates counted, stored, then the members with those CPFs checked at once. */
    async importList(operator: { id: bigint; username: string; ip: string | null }, text: string): Promise<BarredImportResult> {
      const parsed = parseCpfList(text);
      if (parsed.valid.length === 0 && parsed.invalid.length === 0) throw new AppError('exclusion.import_empty', 'the list is empty');
      const counts = await db.transaction().execute(async (tx) => {
        const importId = await repository.insertImport(tx, { operatorId: operator.id, operatorName: operator.username, accepted: 0, invalid: parsed.invalid.length, duplicates: 0 });
        const added = await repository.insertBarred(tx, parsed.valid, importId);
        // Already on the list counts as a duplicate too.
        const duplicates = parsed.duplicates + (parsed.valid.length - added);
        await repository.setImportCounts(tx, importId, added, duplicates);
        await ports.audit(tx, { operatorId: operator.id, action: 'exclusion.barred.imported', targetType: 'exclusion_barred_import', targetId: importId.toString(), details: { accepted: added, invalid: parsed.invalid.length, duplicates }, ip: operator.ip });
        return { accepted: added, duplicates };
      });
      let hits = 0;
      try {
        hits = (await checkBase(parsed.valid)).hits;
      } catch (error) {
        logger.error({ err: error }, 'barred-persons check after an import failed; the job checks again');
      }
      return { accepted: counts.accepted, invalid: parsed.invalid.length, duplicates: counts.duplicates, invalidSamples: parsed.invalid.slice(0, 20), hits };
    },

    async overview(): Promise<BarredOverview> {
      const [listSize, imports, hits, lastRun] = await Promise.all([repository.listSize(db), repository.listImports(db, 20), repository.listHits(db, 100), repository.lastRun(db)]);
      return {
        listSize,
        imports: imports.map((row) => ({ id: row.id.toString(), operator: row.operator_name, accepted: row.accepted, invalid: row.invalid, duplicates: row.duplicates, at: row.created_at.toISOString() })),
        hits: hits.map((row) => ({
          restrictionId: row.id.toString(),
          account: row.account,
          cpf: row.cpf ? `***.${row.cpf.slice(3, 6)}.${row.cpf.slice(6, 9)}-**` : '',
          closedAt: row.starts_at.toISOString(),
          withdrawUntil: row.withdraw_until?.toISOString() ?? null,
          notices: row.notices.map((notice) => ({ channel: notice.channel, content: notice.content, sentAt: new Date(notice.sent_at).toISOString() })),
        })),
        lastRun: lastRun ? { startedAt: lastRun.started_at.toISOString(), finishedAt: lastRun.finished_at?.toISOString() ?? null, checked: lastRun.checked, hits: lastRun.hits, error: lastRun.error } : null,
      };
    },
  };
}

export type BarredService = ReturnType<typeof createBarredService>;
