import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { findGameById } from './catalogue.repository.ts';
import type { CatalogueSnapshot } from './catalogue-snapshot.ts';
import { imageUrl, nameIn } from './game-view.ts';
import { hashLaunchToken } from './launch.service.ts';
import { redeemLaunch, type RedeemedLaunch } from './player-games.repository.ts';
import { SANDBOX_PLAY_PATH } from './sandbox-vendor.ts';

/**
 * The sandbox vendor's game window, opened in the /seamless frame. Like a vendor it redeems the
 * single-use launch token once; a reload after that is an expired session, as at a real vendor.
 * It shows the session it was given (game, mode, the balance the vendor holds). Only transfer-mode
 * demo games open here; seamless ones open the slot screen (house game server).
 */
const TEXT = {
  pt: {
    title: 'Provedor sandbox',
    demo: 'Modo demonstração: sem dinheiro real',
    real: 'Sessão com a carteira principal',
    balance: 'Saldo visto pelo provedor',
    note: 'Instalação de demonstração: este provedor sandbox em modo transferência recebeu o token de lançamento, identificou o jogador e guarda o saldo transferido para ele. Ao sair do jogo, o saldo volta para a sua carteira principal.',
    expired: 'Sessão expirada ou inválida. Volte ao site e inicie o jogo novamente.',
  },
  en: {
    title: 'Sandbox vendor',
    demo: 'Demo mode: no real money',
    real: 'Session on the main wallet',
    balance: 'Balance the vendor sees',
    note: 'Demo installation: this transfer-mode sandbox vendor redeemed the launch token, identified the player and holds the balance transferred to it. When you leave the game, the balance goes back to your main wallet.',
    expired: 'Session expired or invalid. Go back to the site and start the game again.',
  },
} as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** R$ 1.234,56 in Portuguese, R$1,234.56 in English; display only (exact up to 2^53 centavos). */
function reais(cents: bigint, lang: 'pt' | 'en'): string {
  return new Intl.NumberFormat(lang === 'pt' ? 'pt-BR' : 'en-US', { style: 'currency', currency: 'BRL' }).format(Number(cents) / 100);
}

function page(lang: 'pt' | 'en', body: string): string {
  return `<!doctype html><html lang="${lang === 'pt' ? 'pt-BR' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${TEXT[lang].title}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0f1626;color:#e8edf7;font:16px/1.5 system-ui,sans-serif}
main{max-width:520px;padding:24px;text-align:center}img{width:180px;height:180px;border-radius:20px;box-shadow:0 10px 30px #0008}
h1{font-size:1.5rem;margin:16px 0 4px}.vendor{color:#9fb0cc}.badge{display:inline-block;margin:12px 0;padding:4px 12px;border-radius:999px;background:#23324f;color:#ffd166}
.balance{font-size:1.25rem;margin:8px 0}.note{color:#9fb0cc;font-size:.9rem}</style></head><body><main>${body}</main></body></html>`;
}

export function sandboxPlayRoutes(deps: { db: Db; snapshot: CatalogueSnapshot; imageBase: string; balanceSeen: (launch: RedeemedLaunch) => Promise<bigint> }): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: { token?: string; lang?: string } }>(SANDBOX_PLAY_PATH, { schema: { hide: true } }, async (request, reply) => {
      const lang = request.query.lang === 'en' ? 'en' : 'pt';
      const text = TEXT[lang];
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', "default-src 'none'; img-src 'self' https: data:; style-src 'unsafe-inline'; frame-ancestors 'self'");
      const token = request.query.token ?? '';
      const launch = /^[A-Za-z0-9_-]{43}$/.test(token) ? await redeemLaunch(deps.db, hashLaunchToken(token)) : undefined;
      const game = launch ? await findGameById(deps.db, launch.game_id) : undefined;
      if (!launch || !game) return reply.code(401).send(page(lang, `<h1>${text.title}</h1><p>${text.expired}</p>`));
      const vendor = (await deps.snapshot.get()).vendorByCode.get(game.vendor_code);
      const balance = launch.demo ? null : reais(await deps.balanceSeen(launch), lang);
      const icon = imageUrl(deps.imageBase, game.icon_path, 'fallback/game.svg');
      return reply.send(
        page(
          lang,
          `<img src="${escapeHtml(icon)}" alt=""><h1 data-testid="sandbox-game-name">${escapeHtml(nameIn(game.names, lang))}</h1>
<div class="vendor">${escapeHtml(vendor?.display_name ?? game.vendor_code)} · ${text.title}</div>
<div class="badge">${launch.demo ? text.demo : text.real}</div>
${balance === null ? '' : `<div class="balance">${text.balance}: ${balance}</div>`}
<p class="note">${text.note}</p>`,
        ),
      );
    });
  };
}
