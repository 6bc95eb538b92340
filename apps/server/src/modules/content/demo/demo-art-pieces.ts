import type { DemoArt } from './demo-art.ts';

/** The demo banners and teaser cards (served at /media/content/<slug>-<language>.svg). */
export const DEMO_ART: readonly DemoArt[] = [
  {
    slug: 'crash',
    width: 1200,
    height: 400,
    colours: ['#5b21b6', '#db2777', '#f59e0b'],
    texts: {
      pt: { heading: 'Crash ao vivo', line: 'Aposte, acompanhe o multiplicador e retire a tempo.', pill: 'Jogar agora' },
      en: { heading: 'Live crash', line: 'Bet, watch the multiplier climb and cash out in time.', pill: 'Play now' },
    },
  },
  {
    slug: 'pix',
    width: 1200,
    height: 400,
    colours: ['#047857', '#0891b2', '#a3e635'],
    texts: {
      pt: { heading: 'Depósito por PIX', line: 'Pague com o QR code e o saldo chega em segundos.', pill: 'Depositar' },
      en: { heading: 'Deposit by PIX', line: 'Pay with the QR code and the balance arrives in seconds.', pill: 'Deposit' },
    },
  },
  {
    slug: 'jackpot',
    width: 1200,
    height: 400,
    colours: ['#9a3412', '#ca8a04', '#fde047'],
    texts: {
      pt: { heading: 'Jackpot progressivo', line: 'Uma parte de cada aposta nos jogos da casa vai para o prêmio.', pill: 'Saiba mais' },
      en: { heading: 'Progressive jackpot', line: 'A share of every bet on the house games goes into the pool.', pill: 'Learn more' },
    },
  },
  {
    slug: 'pool',
    width: 600,
    height: 340,
    colours: ['#9a3412', '#ca8a04', '#fde047'],
    texts: {
      pt: { heading: 'Jackpot progressivo', line: 'O prêmio real, ao vivo.', pill: 'Saiba mais' },
      en: { heading: 'Progressive jackpot', line: 'The real pool, live.', pill: 'Learn more' },
    },
  },
  {
    slug: 'fair',
    width: 600,
    height: 340,
    colours: ['#1e3a8a', '#7c3aed', '#38bdf8'],
    texts: {
      pt: { heading: 'Jogos verificáveis', line: 'Confira cada rodada da casa.', pill: 'Como funciona' },
      en: { heading: 'Provably fair', line: 'Check every house round yourself.', pill: 'How it works' },
    },
  },
  {
    slug: 'mines',
    width: 600,
    height: 340,
    colours: ['#0f766e', '#1d4ed8', '#34d399'],
    texts: {
      pt: { heading: 'Mines e Plinko', line: 'Minijogos rápidos, RTP à vista.', pill: 'Jogar' },
      en: { heading: 'Mines and Plinko', line: 'Quick mini games, RTP in sight.', pill: 'Play' },
    },
  },
  {
    slug: 'responsible',
    width: 600,
    height: 340,
    colours: ['#334155', '#0e7490', '#94a3b8'],
    texts: {
      pt: { heading: 'Jogo responsável', line: 'Jogue por diversão, com limites.', pill: 'Ler mais' },
      en: { heading: 'Play responsibly', line: 'Play for fun, within limits.', pill: 'Read more' },
    },
  },
];

export function demoArtUrl(slug: string, language: 'pt' | 'en'): string {
  return `/media/content/${slug}-${language}.svg`;
}
