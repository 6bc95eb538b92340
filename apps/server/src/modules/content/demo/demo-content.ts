import { SUPPORTED_LANGUAGES, type ContentItemInput, type ContentKind, type Language, type Link } from '@app/contracts';
import type { ContentService } from '../content.service.ts';
import { DEMO_ART, demoArtUrl } from './demo-art-pieces.ts';
import { DEMO_HELP } from './demo-help.ts';

/** The agent centre's announcement: how contracts and their settlement work here. */
const AGENT_NOTICE: Record<Language, { title: string; html: string }> = {
  pt: {
    title: 'Como funcionam os contratos',
    html: '<p>Ofereça contratos de dividendos e salários aos seus agentes diretos em <strong>Contratos</strong>. A taxa de um subordinado nunca passa da sua no mesmo nível.</p><p>Salário diário e por hora são pagos sobre a aposta válida da equipe; dividendos, sobre a perda líquida da equipe; o salário em tempo real é liquidado a cada 5 minutos. Você recebe o seu valor bruto e paga o dos seus subordinados.</p>',
  },
  en: {
    title: 'How contracts work',
    html: '<p>Offer dividend and salary contracts to your direct agents under <strong>Contracts</strong>. A downline\'s rate never exceeds yours at the same tier.</p><p>Daily and hourly salaries pay on the team\'s valid bet; dividends on the team\'s net loss; real-time salary settles every 5 minutes. You receive your gross and pay your downlines theirs.</p>',
  },
};

type SeedItem = { key: string; kind: ContentKind; input: ContentItemInput };

const TEXTS: Record<Language, { notices: string[]; announcements: Record<'A' | 'B' | 'F', { title: string; html: string }>; popup: { title: string; html: string } }> = {
  pt: {
    notices: [
      'Instalação de demonstração: nenhum dinheiro real é aceito.',
      'Depósitos e saques somente por PIX, de e para contas no seu nome.',
      'Proibido para menores de 18 anos. Jogue com responsabilidade.',
    ],
    announcements: {
      B: { title: 'Bem-vindo(a)!', html: '<p>Esta é uma <strong>instalação de demonstração</strong> da plataforma. Crie uma conta para experimentar os jogos da casa, o Crash ao vivo e os depósitos por PIX no ambiente de testes.</p>' },
      A: { title: 'Novidades', html: '<p>O <strong>Crash ao vivo</strong> e o minijogo <strong>Mines</strong> já estão disponíveis. Todas as rodadas da casa podem ser verificadas na página de verificação.</p>' },
      F: { title: 'Primeiro acesso', html: '<p>Que bom ter você aqui! Para sacar, cadastre uma chave PIX no seu nome e defina a senha de pagamento na Central de segurança.</p>' },
    },
    popup: { title: 'Jackpot progressivo', html: '<p>Uma parte de cada aposta nos jogos da casa alimenta o jackpot. O valor na página inicial é o prêmio real, atualizado ao vivo.</p>' },
  },
  en: {
    notices: [
      'Demo installation: no real money is accepted.',
      'Deposits and withdrawals by PIX only, to and from accounts in your own name.',
      'Not for anyone under 18. Play responsibly.',
    ],
    announcements: {
      B: { title: 'Welcome!', html: '<p>This is a <strong>demo installation</strong> of the platform. Create an account to try the house games, live Crash and PIX deposits in the sandbox.</p>' },
      A: { title: "What's new", html: '<p><strong>Live Crash</strong> and the <strong>Mines</strong> mini game are here. Every house round can be checked on the verification page.</p>' },
      F: { title: 'First visit', html: '<p>Glad to have you here! To withdraw, register a PIX key in your own name and set your payment password in the Security centre.</p>' },
    },
    popup: { title: 'Progressive jackpot', html: '<p>A share of every bet on the house games feeds the jackpot. The amount on the home page is the real pool, updated live.</p>' },
  },
};

const always = { startsAt: null, endsAt: null, enabled: true } as const;

function art(slug: string) {
  const piece = DEMO_ART.find((candidate) => candidate.slug === slug);
  if (!piece) throw new Error(`no demo art ${slug}`);
  return piece;
}

function item(key: string, kind: ContentKind, language: Language, sortOrder: number, body: Record<string, unknown>): SeedItem {
  return { key: `demo:${key}:${language}`, kind, input: { language, sortOrder, ...always, body } };
}

function banner(slug: string, group: string, language: Language, sortOrder: number, link: Link): SeedItem {
  const piece = art(slug);
  return item(`banner:${group}:${slug}`, 'banner', language, sortOrder, {
    group,
    title: piece.texts[language].heading,
    imageUrl: demoArtUrl(slug, language),
    width: piece.width,
    height: piece.height,
    link,
  });
}

function promotion(slug: string, language: Language, sortOrder: number, html: string): SeedItem {
  const piece = art(slug);
  const text = piece.texts[language];
  return item(`promotion:${slug}`, 'promotion', language, sortOrder, { title: text.heading, summary: text.line, imageUrl: demoArtUrl(slug, language), width: piece.width, height: piece.height, html });
}

const PROMOTION_HTML: Record<string, Record<Language, string>> = {
  pool: {
    pt: '<p>Uma parte de cada aposta nos jogos da casa vai para o jackpot. O prêmio pode sair em qualquer rodada de slots e minijogos da casa.</p>',
    en: '<p>A share of every bet on the house games goes into the jackpot. It can be hit on any house slot or mini-game round.</p>',
  },
  fair: {
    pt: '<p>Cada rodada dos jogos da casa pode ser recalculada por você: veja o hash da semente antes de jogar e a semente revelada depois.</p>',
    en: '<p>You can recompute every house round: see the seed hash before you play and the revealed seed afterwards.</p>',
  },
  mines: {
    pt: '<p>Dados, Limbo, Plinko e Mines: regras e RTP mostrados em cada jogo.</p>',
    en: '<p>Dice, Limbo, Plinko and Mines: rules and RTP shown in every game.</p>',
  },
  responsible: {
    pt: '<p>Defina limites, faça pausas e peça ajuda quando precisar. Proibido para menores de 18 anos.</p>',
    en: '<p>Set limits, take breaks and ask for help when you need it. Not for anyone under 18.</p>',
  },
};

/**
 * The demo site's content in PT and EN: home banners, a side-menu banner, a login banner,
 * notices, promotion teasers, a popup, one announcement per execution and the help centre.
 * Seeded once per key; an operator's edits and deletions are kept.
 */
export async function seedDemoContent(content: ContentService): Promise<number> {
  const promotions = SUPPORTED_LANGUAGES.flatMap((language) => ['pool', 'fair', 'mines', 'responsible'].map((slug, index) => promotion(slug, language, index, PROMOTION_HTML[slug]![language])));
  let created = await content.seed(promotions);

  const items: SeedItem[] = [];
  for (const language of SUPPORTED_LANGUAGES) {
    // The promotion teasers are the home page's carousel; /promotions shows the promotion engine's
    // promotions (issue 21), whose ids a PROMOTION link names. The jackpot teaser is no such promotion.
    const toJackpot: Link = { linkageType: 'NONE' };
    items.push(
      banner('crash', 'w_home', language, 0, { linkageType: 'ROUTE', target: '/crash' }),
      banner('pix', 'w_home', language, 1, { linkageType: 'ROUTE', target: '/member?tab=depositv2' }),
      banner('jackpot', 'w_home', language, 2, toJackpot),
      banner('responsible', 'w_leftmenu', language, 0, { linkageType: 'ROUTE', target: '/help#responsible' }),
      banner('fair', 'w_login', language, 0, { linkageType: 'NONE' }),
      ...TEXTS[language].notices.map((title, index) => item(`notice:${index}`, 'notice', language, index, { title })),
      ...(['B', 'A', 'F'] as const).map((execution) => item(`announcement:${execution}`, 'announcement', language, 0, { ...TEXTS[language].announcements[execution], execution })),
      item('popup:jackpot', 'popup', language, 0, { ...TEXTS[language].popup, imageUrl: null, width: null, height: null, link: toJackpot }),
      ...DEMO_HELP.map((article, index) => item(`help:${article.tag}`, 'help', language, index, { tag: article.tag, inFooter: article.inFooter, ...article.texts[language] })),
      item('agent_notice:contracts', 'agent_notice', language, 0, AGENT_NOTICE[language]),
    );
  }
  created += await content.seed(items);
  return created;
}
