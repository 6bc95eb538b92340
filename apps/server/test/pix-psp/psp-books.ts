import { randomBytes } from 'node:crypto';

/**
 * The test PSP's books: charges, the payments made to them, returns, payouts and the webhook URL
 * per key, answered with the BCB PIX API's shapes. The test plays the payer's bank (`pay`) and the
 * receiving bank of a payout (`settlePayout`); both notify the registered webhook like a PSP does.
 */
interface Cob {
  request: { calendario?: { expiracao?: number }; devedor?: { cpf: string; nome: string }; valor: { original: string }; chave: string; solicitacaoPagador?: string };
  criacao: Date;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_PSP';
  pix: PixRecord[];
}

interface PixRecord {
  endToEndId: string;
  txid: string;
  valor: string;
  chave: string;
  horario: string;
  pagador: { cpf: string; nome: string };
  devolucoes: Record<string, unknown>[];
}

interface Envio {
  idEnvio: string;
  valor: string;
  favorecido: unknown;
  status: 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO';
  e2eId?: string;
  motivo?: string;
  horario: { solicitacao: string; liquidacao?: string };
}

type Answer = { status: number; body?: unknown };

const e2e = () => `E${randomBytes(16).toString('hex').slice(0, 31)}`;
const problem = (status: number, title: string, detail?: string): Answer => ({ status, body: { type: `https://pix.bcb.gov.br/api/v2/error/${title}`, title, status, ...(detail ? { detail } : {}) } });

export function createPspBooks() {
  const cobs = new Map<string, Cob>();
  const payments = new Map<string, PixRecord>();
  const envios = new Map<string, Envio>();
  const webhooks = new Map<string, string>();
  const notices: { url: string; status: number; body: unknown }[] = [];
  let refuseReturns = false;

  const cobView = (txid: string, cob: Cob) => ({
    calendario: { criacao: cob.criacao.toISOString(), expiracao: cob.request.calendario?.expiracao ?? 86_400 },
    txid,
    revisao: 0,
    loc: { id: 1, location: `psp.test/qr/v2/${txid}`, tipoCob: 'cob' },
    location: `psp.test/qr/v2/${txid}`,
    status: cob.status,
    ...(cob.request.devedor ? { devedor: cob.request.devedor } : {}),
    valor: { original: cob.request.valor.original },
    chave: cob.request.chave,
    ...(cob.request.solicitacaoPagador ? { solicitacaoPagador: cob.request.solicitacaoPagador } : {}),
    ...(cob.pix.length > 0 ? { pix: cob.pix } : {}),
  });

  async function notify(chave: string, items: Record<string, unknown>[]) {
    const url = webhooks.get(chave);
    if (!url) return;
    const body = { pix: items };
    const response = await fetch(`${url}/pix`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    notices.push({ url, status: response.status, body: await response.json().catch(() => undefined) });
  }

  function answer(template: string, method: string, params: Record<string, string>, body: unknown): Answer {
    const key = `${method} ${template}`;
    switch (key) {
      case 'PUT /cob/{txid}': {
        if (cobs.has(params.txid!)) return problem(409, 'CobOperacaoInvalida', 'txid already used');
        const cob: Cob = { request: body as Cob['request'], criacao: new Date(), status: 'ATIVA', pix: [] };
        cobs.set(params.txid!, cob);
        return { status: 201, body: cobView(params.txid!, cob) };
      }
      case 'GET /cob/{txid}': {
        const cob = cobs.get(params.txid!);
        return cob ? { status: 200, body: cobView(params.txid!, cob) } : problem(404, 'CobNaoEncontrado');
      }
      case 'GET /pix/{e2eid}': {
        const pix = payments.get(params.e2eid!);
        return pix ? { status: 200, body: pix } : problem(404, 'PixNaoEncontrado');
      }
      case 'PUT /pix/{e2eid}/devolucao/{id}':
      case 'GET /pix/{e2eid}/devolucao/{id}':
        return devolucao(method, params, body as { valor: string } | undefined);
      case 'PUT /webhook/{chave}':
        webhooks.set(params.chave!, (body as { webhookUrl: string }).webhookUrl);
        return { status: 200 };
      case 'PUT /gn/pix/{idEnvio}': {
        const request = body as { valor: string; favorecido: unknown };
        const existing = envios.get(params.idEnvio!);
        if (existing) return existing.valor === request.valor ? { status: 201, body: existing } : problem(409, 'EnvioDuplicado', 'idEnvio already used for another amount');
        const envio: Envio = { idEnvio: params.idEnvio!, valor: request.valor, favorecido: request.favorecido, status: 'EM_PROCESSAMENTO', horario: { solicitacao: new Date().toISOString() } };
        envios.set(envio.idEnvio, envio);
        return { status: 201, body: envioView(envio) };
      }
      case 'GET /gn/pix/enviados/id-envio/{idEnvio}': {
        const envio = envios.get(params.idEnvio!);
        return envio ? { status: 200, body: envioView(envio) } : problem(404, 'EnvioNaoEncontrado');
      }
      default:
        return problem(404, 'NaoEncontrado');
    }
  }

  const envioView = (envio: Envio) => ({ idEnvio: envio.idEnvio, valor: envio.valor, status: envio.status, horario: envio.horario, ...(envio.e2eId ? { e2eId: envio.e2eId } : {}), ...(envio.motivo ? { motivo: envio.motivo } : {}) });

  function devolucao(method: string, params: Record<string, string>, body: { valor: string } | undefined): Answer {
    const pix = payments.get(params.e2eid!);
    if (!pix) return problem(404, 'PixNaoEncontrado');
    const existing = pix.devolucoes.find((item) => item.id === params.id);
    if (method === 'GET') return existing ? { status: 200, body: existing } : problem(404, 'DevolucaoNaoEncontrada');
    if (existing) return existing.valor === body!.valor ? { status: 201, body: existing } : problem(409, 'DevolucaoIdJaUtilizado');
    const returned = pix.devolucoes.filter((item) => item.status !== 'NAO_REALIZADO').reduce((sum, item) => sum + Number(item.valor as string), 0);
    if (returned + Number(body!.valor) > Number(pix.valor)) return problem(400, 'DevolucaoValorInvalido', 'more than was paid');
    const created = {
      id: params.id!,
      rtrId: `D${randomBytes(16).toString('hex').slice(0, 31)}`,
      valor: body!.valor,
      natureza: 'ORIGINAL',
      horario: { solicitacao: new Date().toISOString() },
      status: refuseReturns ? 'NAO_REALIZADO' : 'EM_PROCESSAMENTO',
      ...(refuseReturns ? { motivo: 'Conta do pagador encerrada' } : {}),
    };
    pix.devolucoes.push(created);
    return { status: 201, body: created };
  }

  return {
    answer,
    notices,
    cobs,
    envios,
    webhookOf: (chave: string) => webhooks.get(chave),
    /** The payer's bank pays a charge (by default the amount asked, from the named CPF) and the PSP notifies. */
    async pay(txid: string, payer: { cpf: string; nome?: string; valor?: string }, options: { notify?: boolean } = {}) {
      const cob = cobs.get(txid);
      if (!cob || cob.status !== 'ATIVA') throw new Error(`charge ${txid} cannot be paid`);
      const pix: PixRecord = { endToEndId: e2e(), txid, valor: payer.valor ?? cob.request.valor.original, chave: cob.request.chave, horario: new Date().toISOString(), pagador: { cpf: payer.cpf, nome: payer.nome ?? 'Pagador' }, devolucoes: [] };
      cob.pix.push(pix);
      cob.status = 'CONCLUIDA';
      payments.set(pix.endToEndId, pix);
      if (options.notify !== false) await notify(cob.request.chave, [{ endToEndId: pix.endToEndId, txid, valor: pix.valor, horario: pix.horario }]);
      return pix.endToEndId;
    },
    /** The charge's expiry passes (the PSP keeps it ATIVA; its calendar says it is over). */
    expire(txid: string) {
      const cob = cobs.get(txid)!;
      cob.criacao = new Date(Date.now() - ((cob.request.calendario?.expiracao ?? 86_400) + 1) * 1000);
    },
    /** The receiving bank settles a payout and the PSP notifies (gnExtras.idEnvio). */
    async settlePayout(idEnvio: string, outcome: 'REALIZADO' | 'NAO_REALIZADO', chave: string, options: { notify?: boolean } = {}) {
      const envio = envios.get(idEnvio)!;
      envio.status = outcome;
      envio.horario.liquidacao = new Date().toISOString();
      if (outcome === 'REALIZADO') envio.e2eId = e2e();
      else envio.motivo = 'Conta de destino encerrada';
      if (options.notify !== false) await notify(chave, [{ endToEndId: envio.e2eId ?? e2e(), valor: envio.valor, horario: envio.horario.liquidacao, gnExtras: { idEnvio } }]);
    },
    refuseReturns(refuse: boolean) {
      refuseReturns = refuse;
    },
  };
}
