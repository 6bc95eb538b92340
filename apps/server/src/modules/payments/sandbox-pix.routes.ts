import type { FastifyPluginAsync } from 'fastify';
import { formatCents } from '@app/kernel';
import type { Db } from '../../platform/db.ts';
import { findSandboxCharge } from './deposit.repository.ts';

/**
 * GET /sandbox-pix/cob/:txid — the location a sandbox dynamic BR Code points at. A payer's bank
 * fetches the charge here (a real PSP answers a signed JWS; the sandbox answers the same facts as
 * plain JSON): amount, receiver, expiry and whether it is still payable.
 */
export function sandboxPixRoutes(deps: { db: Db }): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { txid: string } }>('/sandbox-pix/cob/:txid', { schema: { hide: true } }, async (request, reply) => {
      const txid = /^[A-Za-z0-9]{26,35}$/.test(request.params.txid) ? request.params.txid : undefined;
      const charge = txid ? await findSandboxCharge(deps.db, txid) : undefined;
      if (!charge) return reply.code(404).send({ error: { code: 'payments.deposit_not_found', message: 'no such charge' } });
      return {
        txid: charge.txid,
        status: charge.status === 'paid' ? 'CONCLUIDA' : charge.expires_at.getTime() <= Date.now() ? 'EXPIRADA' : 'ATIVA',
        valor: { original: formatCents(charge.amount) },
        calendario: { criacao: charge.created_at.toISOString(), expiracao: Math.round((charge.expires_at.getTime() - charge.created_at.getTime()) / 1000) },
        recebedor: { nome: charge.receiver_name },
        sandbox: true,
      };
    });
  };
}
