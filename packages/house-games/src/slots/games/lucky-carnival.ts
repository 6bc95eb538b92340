import { STANDARD_PAYLINES, strip, type SlotGame } from '../paytable.ts';

/**
 * Carnaval da Sorte / Lucky Carnival: 10 lines (σ ≈ 3.4 total bets per round; hit frequency ≈ 40%,
 * measured), a large share of the return from scatter pays and free spins. Free spins: 8 for 3+ parade floats, on separate wild-rich reels,
 * every win ×2, retriggering, at most 80 per round.
 * Theoretical RTP 94.6933% (lines 44.42%, scatter 12.30%, free spins 37.97%), see theory.ts.
 */
export const luckyCarnival: SlotGame = {
  code: 'carnaval-da-sorte',
  name: { pt: 'Carnaval da Sorte', en: 'Lucky Carnival' },
  theme: { pt: 'Carnaval brasileiro', en: 'Brazilian carnival' },
  rows: 3,
  symbols: [
    { id: 'WI', name: { pt: 'Máscara de Carnaval', en: 'Carnival Mask' }, kind: 'wild', pays: { 3: 20, 4: 100, 5: 500 } },
    { id: 'SC', name: { pt: 'Trio Elétrico', en: 'Parade Float' }, kind: 'scatter' },
    { id: 'QUE', name: { pt: 'Rainha da Bateria', en: 'Drum Queen' }, kind: 'regular', pays: { 3: 15, 4: 60, 5: 300 } },
    { id: 'PAN', name: { pt: 'Pandeiro', en: 'Tambourine' }, kind: 'regular', pays: { 3: 10, 4: 40, 5: 150 } },
    { id: 'PLU', name: { pt: 'Plumas', en: 'Feathers' }, kind: 'regular', pays: { 3: 8, 4: 25, 5: 100 } },
    { id: 'SER', name: { pt: 'Serpentina', en: 'Streamer' }, kind: 'regular', pays: { 3: 6, 4: 20, 5: 75 } },
    { id: 'A', name: { pt: 'Ás', en: 'Ace' }, kind: 'regular', pays: { 3: 5, 4: 15, 5: 40 } },
    { id: 'K', name: { pt: 'Rei', en: 'King' }, kind: 'regular', pays: { 3: 4, 4: 10, 5: 30 } },
    { id: 'Q', name: { pt: 'Dama', en: 'Queen' }, kind: 'regular', pays: { 3: 4, 4: 8, 5: 25 } },
  ],
  wild: 'WI',
  scatter: { symbol: 'SC', pays: { 3: 2, 4: 10, 5: 50 }, freeSpins: { 3: 8, 4: 8, 5: 8 } },
  reels: {
    strips: [
      strip('WI SER K QUE PLU A Q K SER PAN SC Q A PLU K Q WI SER A K QUE PAN PLU Q K A SER SC Q PLU K A PAN Q'),
      strip('SC A Q PAN SER K WI PLU A Q K QUE SER Q PAN A K PLU SC Q SER A K WI PLU Q PAN K QUE A SER Q K PLU'),
      strip('QUE K PLU A Q K SC PAN SER Q A PLU K WI Q SER A QUE K PAN PLU Q K SC A SER Q PLU K PAN WI A Q SER'),
      strip('PAN Q SER WI K PLU A Q QUE K SER PAN Q A SC PLU K Q SER A WI K PLU PAN Q QUE K A SER Q SC PLU K A'),
      strip('PLU A SC Q PAN K SER Q A PLU WI K QUE SER Q A PAN K PLU SC Q K A SER Q PLU WI PAN K A QUE SER Q K'),
    ],
  },
  paylines: STANDARD_PAYLINES.slice(0, 10),
  freeSpins: {
    reels: {
      strips: [
        strip('K PLU A Q PAN SER K A PLU SC QUE Q K SER A PAN Q PLU K QUE WI A SER Q PLU K PAN A Q SER QUE'),
        strip('Q WI SER K QUE PLU A Q K SER PAN A PLU Q QUE K WI SER A Q PLU PAN SC K A QUE SER Q K PLU A PAN'),
        strip('A SC Q PAN SER WI K QUE PLU A Q K SER A PAN Q PLU WI K QUE A SER Q PLU K PAN WI A Q SER QUE K PLU'),
        strip('QUE K PLU A Q PAN SER K A PLU QUE Q WI K SC SER A Q PAN PLU K QUE A SER Q PLU K PAN A WI Q SER'),
        strip('PAN Q SER WI K QUE PLU A Q K SER PAN A PLU Q QUE K SER A WI Q PLU PAN K A QUE SC SER Q K PLU A'),
      ],
    },
    multiplier: 2,
    retrigger: true,
    maxFreeSpins: 80,
  },
  declaredRtp: 0.946933,
  declaredHitFrequency: 0.3968,
  lineBets: [1n, 2n, 5n, 10n, 20n, 50n, 100n, 200n],
};
