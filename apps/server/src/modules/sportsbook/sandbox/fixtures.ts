import type { FixtureChange } from '../feed/messages.ts';
import { basketballLive, basketballMarkets, planBasketball } from './basketball.ts';
import { cockfightLive, cockfightMarkets, planCockfight } from './cockfight.ts';
import { footballLive, footballMarkets, planFootball } from './football.ts';
import { planRace, raceLive, racePrematch, type RaceRules } from './race.ts';
import type { Random } from './random.ts';
import { randomStream } from './random.ts';
import type { MarketOdds, ScriptedMessage } from './script.ts';

/**
 * The sandbox's sports, their competitions and competitors (real-sounding names, no logos), how
 * often a fixture starts, how far ahead it is published and how its match is played.
 */
interface Competition {
  key: string;
  category: { key: string; namePt: string; nameEn: string; countryCode: string | null };
  namePt: string;
  nameEn: string;
  teams: readonly string[];
}

export interface SportDefinition {
  sport: FixtureChange['sport'];
  /** A fixture starts every intervalMinutes (real minutes). */
  intervalMinutes: number;
  /** Published this many real minutes before it starts. */
  leadMinutes: number;
  /** The longest a fixture's script runs after its start, in match minutes. */
  spanMinutes: number;
  competitions: readonly Competition[];
  /** Pre-match markets and the live script from kick-off to settlement. */
  play(random: Random, strengths: [number, number], timing: { startMs: number; minuteMs: number; marginBp: number }, correction: boolean): { prematch: MarketOdds[]; live: ScriptedMessage[] };
}

const BR = { key: 'brazil', namePt: 'Brasil', nameEn: 'Brazil', countryCode: 'BR' };
const WORLD = { key: 'international', namePt: 'Internacional', nameEn: 'International', countryCode: null };

function race(rules: RaceRules): SportDefinition['play'] {
  return (random, [home, away], timing) => {
    const plan = planRace(random, rules, home, away);
    return { prematch: racePrematch(rules, plan, timing.marginBp), live: raceLive(rules, plan, timing) };
  };
}

export const SPORTS: readonly SportDefinition[] = [
  {
    sport: { id: 'football', kind: 'sport', namePt: 'Futebol', nameEn: 'Football', sort: 1 },
    intervalMinutes: 10,
    leadMinutes: 360,
    spanMinutes: 130,
    competitions: [
      {
        key: 'brasileirao-a',
        category: BR,
        namePt: 'Brasileirão Série A',
        nameEn: 'Brasileirão Série A',
        teams: ['Flamengo', 'Palmeiras', 'Corinthians', 'São Paulo', 'Santos', 'Grêmio', 'Internacional', 'Atlético Mineiro', 'Cruzeiro', 'Fluminense', 'Botafogo', 'Vasco da Gama', 'Bahia', 'Fortaleza', 'Athletico Paranaense', 'Red Bull Bragantino', 'Vitória', 'Juventude', 'Ceará', 'Sport Recife'],
      },
      {
        key: 'brasileirao-b',
        category: BR,
        namePt: 'Brasileirão Série B',
        nameEn: 'Brasileirão Série B',
        teams: ['Goiás', 'Coritiba', 'América Mineiro', 'Avaí', 'Chapecoense', 'Ponte Preta', 'Guarani', 'Paysandu', 'Remo', 'Criciúma', 'Náutico', 'Vila Nova', 'CRB', 'Operário Ferroviário', 'Novorizontino', 'Amazonas'],
      },
      {
        key: 'libertadores',
        category: WORLD,
        namePt: 'Copa Libertadores',
        nameEn: 'Copa Libertadores',
        teams: ['Flamengo', 'Palmeiras', 'Botafogo', 'São Paulo', 'Boca Juniors', 'River Plate', 'Racing Club', 'Peñarol', 'Nacional', 'Olimpia', 'Colo-Colo', 'LDU Quito', 'Independiente del Valle', 'Atlético Nacional'],
      },
    ],
    play(random, [home, away], timing, correction) {
      const plan = planFootball(random, home, away);
      return {
        prematch: footballMarkets({ home: 0, away: 0, lambdaHome: plan.lambdaHome, lambdaAway: plan.lambdaAway, remaining: 1, marginBp: timing.marginBp }),
        live: footballLive(plan, timing, correction),
      };
    },
  },
  {
    sport: { id: 'basketball', kind: 'sport', namePt: 'Basquete', nameEn: 'Basketball', sort: 2 },
    intervalMinutes: 20,
    leadMinutes: 360,
    spanMinutes: 110,
    competitions: [
      {
        key: 'nbb',
        category: BR,
        namePt: 'NBB',
        nameEn: 'NBB',
        teams: ['Flamengo Basquete', 'Franca', 'Minas', 'Paulistano', 'Pinheiros', 'Bauru', 'Corinthians Basquete', 'São Paulo Basquete', 'Fortaleza Basquete Cearense', 'Unifacisa', 'Brasília Basquete', 'Mogi Basquete'],
      },
    ],
    play(random, [home, away], timing) {
      const plan = planBasketball(random, home, away);
      return { prematch: basketballMarkets(plan, { home: 0, away: 0, remainingMinutes: 40 }, timing.marginBp), live: basketballLive(plan, timing) };
    },
  },
  {
    sport: { id: 'tennis', kind: 'sport', namePt: 'Tênis', nameEn: 'Tennis', sort: 3 },
    intervalMinutes: 15,
    leadMinutes: 240,
    spanMinutes: 260,
    competitions: [
      {
        key: 'rio-open',
        category: { key: 'atp', namePt: 'ATP', nameEn: 'ATP', countryCode: null },
        namePt: 'ATP Rio Open',
        nameEn: 'ATP Rio Open',
        teams: ['João Fonseca', 'Thiago Monteiro', 'Thiago Seyboth Wild', 'Carlos Alcaraz', 'Jannik Sinner', 'Alexander Zverev', 'Casper Ruud', 'Francisco Cerúndolo', 'Sebastián Báez', 'Tomás Etcheverry', 'Nicolás Jarry', 'Lorenzo Musetti'],
      },
    ],
    play: race({ bestOf: 3, target: 6, tiebreakAt: 6, unit: 'S', pointSeconds: [180, 300], breakSeconds: 120, edge: 0.06 }),
  },
  {
    sport: { id: 'volleyball', kind: 'sport', namePt: 'Vôlei', nameEn: 'Volleyball', sort: 4 },
    intervalMinutes: 30,
    leadMinutes: 360,
    spanMinutes: 200,
    competitions: [
      {
        key: 'superliga',
        category: BR,
        namePt: 'Superliga Masculina',
        nameEn: 'Superliga (men)',
        teams: ['Sada Cruzeiro', 'Minas Tênis Clube', 'Sesi-SP', 'Vôlei Renata', 'Joinville Vôlei', 'Suzano Vôlei', 'Guarulhos Vôlei', 'Montes Claros Vôlei', 'Praia Clube', 'Goiás Vôlei'],
      },
    ],
    play: race({ bestOf: 5, target: 25, deciderTarget: 15, unit: 'S', pointSeconds: [18, 35], breakSeconds: 180, edge: 0.03 }),
  },
  {
    sport: { id: 'cs2', kind: 'esport', namePt: 'Counter-Strike 2', nameEn: 'Counter-Strike 2', sort: 5 },
    intervalMinutes: 20,
    leadMinutes: 240,
    spanMinutes: 200,
    competitions: [
      {
        key: 'cs2-pro',
        category: { key: 'esports', namePt: 'E-sports', nameEn: 'Esports', countryCode: null },
        namePt: 'CS2 Pro League',
        nameEn: 'CS2 Pro League',
        teams: ['FURIA', 'Imperial', 'MIBR', 'paiN Gaming', 'Fluxo', 'Legacy', 'RED Canids', 'ODDIK', 'Natus Vincere', 'Vitality', 'G2 Esports', 'Team Spirit', 'MOUZ', 'FaZe Clan'],
      },
    ],
    play: race({ bestOf: 3, target: 13, unit: 'MAP', pointSeconds: [95, 130], breakSeconds: 300, edge: 0.05 }),
  },
  {
    sport: { id: 'lol', kind: 'esport', namePt: 'League of Legends', nameEn: 'League of Legends', sort: 6 },
    intervalMinutes: 30,
    leadMinutes: 240,
    spanMinutes: 180,
    competitions: [
      {
        key: 'cblol',
        category: { key: 'esports', namePt: 'E-sports', nameEn: 'Esports', countryCode: null },
        namePt: 'CBLOL',
        nameEn: 'CBLOL',
        teams: ['LOUD', 'paiN Gaming', 'FURIA', 'Vivo Keyd Stars', 'RED Canids', 'Fluxo W7M', 'Leviatán', 'Isurus Estral'],
      },
    ],
    play: race({ bestOf: 3, target: 0, unit: 'MAP', pointSeconds: [1500, 2400], breakSeconds: 600, edge: 0.12 }),
  },
  {
    sport: { id: 'dota2', kind: 'esport', namePt: 'Dota 2', nameEn: 'Dota 2', sort: 7 },
    intervalMinutes: 30,
    leadMinutes: 240,
    spanMinutes: 210,
    competitions: [
      {
        key: 'dota-pro',
        category: { key: 'esports', namePt: 'E-sports', nameEn: 'Esports', countryCode: null },
        namePt: 'Dota 2 Pro Circuit',
        nameEn: 'Dota 2 Pro Circuit',
        teams: ['Team Liquid', 'Tundra Esports', 'Gaimin Gladiators', 'Team Spirit', 'BetBoom Team', 'Team Falcons', 'beastcoast', 'Heroic', 'paiN Gaming', 'Xtreme Gaming'],
      },
    ],
    play: race({ bestOf: 3, target: 0, unit: 'MAP', pointSeconds: [1800, 3000], breakSeconds: 600, edge: 0.12 }),
  },
  {
    sport: { id: 'cockfight', kind: 'cockfight', namePt: 'Rinha de galo', nameEn: 'Cockfight', sort: 8 },
    intervalMinutes: 6,
    leadMinutes: 30,
    spanMinutes: 10,
    competitions: [
      {
        key: 'ds88-derby',
        category: { key: 'philippines', namePt: 'Filipinas', nameEn: 'Philippines', countryCode: 'PH' },
        namePt: 'DS88 Arena — Derby',
        nameEn: 'DS88 Arena — Derby',
        teams: ['Relâmpago', 'Trovão', 'Brasa', 'Canela', 'Fumaça', 'Ventania', 'Carijó', 'Tufão', 'Pedrês', 'Faísca', 'Cangaceiro', 'Guerreiro'],
      },
    ],
    play(random, [home, away], timing) {
      const plan = planCockfight(random, home, away);
      return { prematch: cockfightMarkets(plan, timing.marginBp), live: cockfightLive(plan, timing) };
    },
  },
];

/** A competitor's strength in [-1, 1], the same in every fixture and every seed. */
export function strengthOf(name: string): number {
  return randomStream('sportsbook-sandbox-strength', name).next() * 2 - 1;
}
