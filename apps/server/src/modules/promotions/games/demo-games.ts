import type { PromotionEligibility } from '@app/contracts';
import type { Db } from '../../../platform/db.ts';
import { insertPromotion, type PromotionWrite } from '../definitions.repository.ts';
import { saveGame } from './games.repository.ts';
import { tableHash, type PrizeRow } from './prize-table.ts';

const OPEN: PromotionEligibility = { vipLevels: [], registeredFrom: null, registeredTo: null, newMembersOnly: false, onePerCpf: false, agentAccount: null, minDeposit: null, minValidBet: null };
const DAY_MS = 86_400_000;

const cash = (seq: number, pt: string, en: string, amount: bigint, weight: number): PrizeRow => ({ seq, labelPt: pt, labelEn: en, kind: 'cash', amount, wageringMultiple: null, expiryDays: null, weight });
const nothing = (seq: number, weight: number): PrizeRow => ({ seq, labelPt: 'Tente de novo', labelEn: 'Try again', kind: 'nothing', amount: 0n, wageringMultiple: null, expiryDays: null, weight });

function promotion(type: 'wheel' | 'golden_egg' | 'raffle', start: Date, end: Date, sortOrder: number, texts: PromotionWrite['texts']): PromotionWrite {
  // The games pay their prize tables; `reward` is the smallest prize, shown nowhere for these types.
  return { type, startsAt: start, endsAt: end, eligibility: OPEN, budget: 2_000_000n, memberCap: 20_000n, reward: { kind: 'cash', amount: '1.00' }, texts, imageUrl: null, sortOrder, updatedBy: 'seed', envelopeShares: null };
}

const html = (text: string) => `<p>${text}</p>`;

/**
 * Demo prize games, once per key: a prize wheel and golden eggs (one free ticket, one more per
 * R$ 50 deposited or R$ 200 of valid bets, up to 10), and a raffle drawn a week from now.
 */
export async function seedDemoGames(db: Db, now: Date): Promise<number> {
  const start = new Date(now.getTime() - DAY_MS);
  const end = new Date(now.getTime() + 30 * DAY_MS);
  const rules = { freeTickets: 1, depositStep: 5_000n, betStep: 20_000n, maxTickets: 10 };
  const items = [
    {
      key: 'demo:promotion:wheel',
      write: promotion('wheel', start, end, 3, {
        pt: { imageUrl: null, title: 'Roleta da sorte', summary: 'Gire a roleta e ganhe até R$ 100,00 na hora.', html: html('Você ganha 1 giro grátis, mais 1 a cada R$ 50,00 depositados ou R$ 200,00 em apostas válidas durante a promoção (até 10). O prêmio cai direto no seu saldo.') },
        en: { imageUrl: null, title: 'Lucky wheel', summary: 'Spin the wheel and win up to R$ 100.00 on the spot.', html: html('You get 1 free spin, plus 1 per R$ 50.00 deposited or R$ 200.00 of valid bets during the promotion (up to 10). The prize goes straight to your balance.') },
      }),
      game: { ...rules, drawAt: null, prizes: [cash(1, 'R$ 1', 'R$ 1', 100n, 40), nothing(2, 30), cash(3, 'R$ 5', 'R$ 5', 500n, 18), cash(4, 'R$ 10', 'R$ 10', 1_000n, 8), cash(5, 'R$ 50', 'R$ 50', 5_000n, 3), cash(6, 'R$ 100', 'R$ 100', 10_000n, 1)] },
    },
    {
      key: 'demo:promotion:golden-egg',
      write: promotion('golden_egg', start, end, 4, {
        pt: { imageUrl: null, title: 'Ovos de ouro', summary: 'Quebre um ovo de ouro e descubra o seu prêmio.', html: html('1 ovo grátis, mais 1 a cada R$ 50,00 depositados ou R$ 200,00 em apostas válidas (até 10).') },
        en: { imageUrl: null, title: 'Golden eggs', summary: 'Crack a golden egg and find your prize.', html: html('1 free egg, plus 1 per R$ 50.00 deposited or R$ 200.00 of valid bets (up to 10).') },
      }),
      game: { ...rules, drawAt: null, prizes: [cash(1, 'R$ 2', 'R$ 2', 200n, 50), cash(2, 'R$ 5', 'R$ 5', 500n, 30), cash(3, 'R$ 20', 'R$ 20', 2_000n, 15), cash(4, 'R$ 88', 'R$ 88', 8_800n, 5)] },
    },
    {
      key: 'demo:promotion:raffle',
      write: promotion('raffle', start, new Date(now.getTime() + 8 * DAY_MS), 5, {
        pt: { imageUrl: null, title: 'Sorteio da semana', summary: 'Inscreva seus bilhetes e concorra a R$ 200,00.', html: html('Cada bilhete inscrito é uma chance; um participante ganha no máximo um prêmio. Os ganhadores aparecem aqui e o prêmio vai para a central de recompensas.') },
        en: { imageUrl: null, title: 'Weekly raffle', summary: 'Enter your tickets for a chance at R$ 200.00.', html: html('Each ticket entered is a chance; a participant wins at most one prize. Winners are listed here and the prize goes to the reward centre.') },
      }),
      game: { ...rules, drawAt: new Date(now.getTime() + 7 * DAY_MS), prizes: [cash(1, '1º prêmio', '1st prize', 20_000n, 1), cash(2, 'R$ 20', 'R$ 20', 2_000n, 5)] },
    },
  ];
  let created = 0;
  for (const item of items) {
    const row = await insertPromotion(db, item.write, item.key);
    if (!row) continue;
    await saveGame(db, { promotionId: row.id, ...item.game, hash: tableHash(item.game.prizes), updatedBy: 'seed' });
    created += 1;
  }
  return created;
}
