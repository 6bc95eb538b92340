import { STANDARD_PAYLINES, strip, type SlotGame } from '../paytable.ts';

/**
 * Selva Dourada / Golden Jungle: 25 lines, the steadiest of the three (σ ≈ 2.7 total bets per
 * round; hit frequency ≈ 52%, measured), most of the return from line wins. Free
 * spins: 10 / 15 / 25 for 3 / 4 / 5 golden idols, on separate reels rich in wilds and jaguars,
 * no multiplier, no retrigger (no scatters on the free-spin reels), at most 25 per round.
 * Theoretical RTP 95.7220% (lines 72.53%, scatter 3.01%, free spins 20.19%), see theory.ts.
 */
export const goldenJungle: SlotGame = {
  code: 'selva-dourada',
  name: { pt: 'Selva Dourada', en: 'Golden Jungle' },
  theme: { pt: 'Floresta tropical', en: 'Rainforest' },
  rows: 3,
  symbols: [
    { id: 'WI', name: { pt: 'Leão Dourado', en: 'Golden Lion' }, kind: 'wild', pays: { 3: 150, 4: 750, 5: 3750 } },
    { id: 'SC', name: { pt: 'Ídolo de Ouro', en: 'Golden Idol' }, kind: 'scatter' },
    { id: 'JAG', name: { pt: 'Onça-pintada', en: 'Jaguar' }, kind: 'regular', pays: { 3: 60, 4: 300, 5: 1500 } },
    { id: 'TOU', name: { pt: 'Tucano', en: 'Toucan' }, kind: 'regular', pays: { 3: 38, 4: 150, 5: 600 } },
    { id: 'ARA', name: { pt: 'Arara', en: 'Macaw' }, kind: 'regular', pays: { 3: 30, 4: 113, 5: 375 } },
    { id: 'MAC', name: { pt: 'Macaco', en: 'Monkey' }, kind: 'regular', pays: { 3: 23, 4: 75, 5: 225 } },
    { id: 'A', name: { pt: 'Ás', en: 'Ace' }, kind: 'regular', pays: { 3: 12, 4: 38, 5: 150 } },
    { id: 'K', name: { pt: 'Rei', en: 'King' }, kind: 'regular', pays: { 3: 9, 4: 30, 5: 120 } },
    { id: 'Q', name: { pt: 'Dama', en: 'Queen' }, kind: 'regular', pays: { 3: 8, 4: 23, 5: 90 } },
    { id: 'J', name: { pt: 'Valete', en: 'Jack' }, kind: 'regular', pays: { 3: 6, 4: 18, 5: 75 } },
    { id: 'T', name: { pt: 'Dez', en: 'Ten' }, kind: 'regular', pays: { 3: 6, 4: 15, 5: 60 } },
    { id: 'N', name: { pt: 'Nove', en: 'Nine' }, kind: 'regular', pays: { 3: 5, 4: 12, 5: 45 } },
  ],
  wild: 'WI',
  scatter: { symbol: 'SC', pays: { 3: 1, 4: 5, 5: 25 }, freeSpins: { 3: 10, 4: 15, 5: 25 } },
  reels: {
    strips: [
      strip('WI MAC T K J N ARA A Q JAG T N SC J K MAC Q TOU A T N ARA J K Q N T A MAC J Q N SC ARA K T J TOU A N Q'),
      strip('SC A N Q WI T TOU MAC K J N Q A ARA T WI N J K Q MAC SC T A N J WI TOU ARA JAG Q K N T A J MAC WI N Q T K ARA J'),
      strip('JAG K J ARA N A Q T WI SC N J K MAC TOU Q A T ARA N WI J K Q T N A MAC J WI SC Q ARA N K T TOU J A N WI Q MAC T'),
      strip('TOU Q WI T MAC K J N ARA A Q T WI N J K SC JAG MAC Q A T N TOU WI ARA J Q K N T A J MAC WI Q N T K ARA SC J A N'),
      strip('ARA J N A SC Q T TOU MAC K J N Q A ARA T N J K Q WI MAC T N A SC J ARA TOU Q K N T JAG A J MAC N Q T K'),
    ],
  },
  paylines: STANDARD_PAYLINES.slice(0, 25),
  freeSpins: {
    reels: {
      strips: [
        strip('Q T MAC K JAG J N ARA A T Q TOU K N MAC J A T Q ARA N K TOU JAG T J WI A MAC Q N ARA K T J A TOU N'),
        strip('J WI A N Q TOU T MAC K N J A ARA T JAG Q WI TOU K N J MAC T A Q ARA N WI K T J TOU A JAG MAC Q N T K ARA'),
        strip('T JAG K J ARA WI N A Q T TOU K MAC N J WI A T ARA Q N JAG K TOU J T WI A MAC Q N ARA K T J WI A TOU N Q MAC'),
        strip('N TOU Q T MAC K J N JAG ARA A WI T Q TOU K N MAC J T A Q ARA N WI K T TOU J JAG A MAC Q N T K ARA WI J A'),
        strip('ARA J A N Q TOU T WI MAC K N J A ARA T Q JAG N K TOU J T MAC A Q N ARA K T J TOU A N Q MAC JAG T K'),
      ],
    },
    multiplier: 1,
    retrigger: false,
    maxFreeSpins: 25,
  },
  declaredRtp: 0.95722,
  declaredHitFrequency: 0.5241,
  lineBets: [1n, 2n, 4n, 10n, 20n, 40n],
};
