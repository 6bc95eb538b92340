import type { AdminCheckinTableInput, AdminMissionInput } from '@app/contracts';

/** A fresh demo site's missions: something to do today and this week, with real goals. */
export const DEMO_MISSIONS: AdminMissionInput[] = [
  { kind: 'daily', titlePt: 'Jogue 10 rodadas de slots', titleEn: 'Play 10 slot rounds', descriptionPt: 'Rodadas liquidadas em qualquer slot hoje.', descriptionEn: 'Settled rounds on any slot today.', goal: 'games_played', productType: 'slots', target: '10', reward: { kind: 'points', amount: '20' }, sort: 1 },
  { kind: 'daily', titlePt: 'Aposte R$ 50,00 hoje', titleEn: 'Bet R$ 50.00 today', descriptionPt: 'Aposta válida em qualquer jogo.', descriptionEn: 'Valid bet on any game.', goal: 'valid_bet', productType: null, target: '50.00', reward: { kind: 'bonus', amount: '2.00', wageringMultiple: 5 }, sort: 2 },
  { kind: 'daily', titlePt: 'Entre hoje', titleEn: 'Log in today', goal: 'login_days', productType: null, target: '1', reward: { kind: 'points', amount: '5' }, sort: 3 },
  { kind: 'weekly', titlePt: 'Deposite R$ 100,00 na semana', titleEn: 'Deposit R$ 100.00 this week', descriptionPt: 'Depósitos creditados de segunda a domingo.', descriptionEn: 'Credited deposits Monday to Sunday.', goal: 'deposits', productType: null, target: '100.00', reward: { kind: 'bonus', amount: '10.00', wageringMultiple: 10 }, sort: 4 },
  { kind: 'weekly', titlePt: 'Entre em 5 dias da semana', titleEn: 'Log in on 5 days this week', goal: 'login_days', productType: null, target: '5', reward: { kind: 'points', amount: '50' }, sort: 5 },
];

/** Day 1…7: points that grow, a bonus on day 7 (and every day after it while the streak lasts). */
export const DEMO_CHECKIN: AdminCheckinTableInput = {
  rewards: [
    { day: 1, reward: { kind: 'points', amount: '5' } },
    { day: 2, reward: { kind: 'points', amount: '10' } },
    { day: 3, reward: { kind: 'points', amount: '15' } },
    { day: 4, reward: { kind: 'points', amount: '20' } },
    { day: 5, reward: { kind: 'points', amount: '25' } },
    { day: 6, reward: { kind: 'points', amount: '30' } },
    { day: 7, reward: { kind: 'bonus', amount: '5.00', wageringMultiple: 5 } },
  ],
};
