import type { VipLevelInput } from '@app/contracts';

const noBonus = { amount: '0.00', wageringMultiple: 0 };

/** Demo VIP levels (clearly a demo: an operator replaces them in the console). Amounts in reais. */
export const DEMO_LEVELS: VipLevelInput[] = [
  { rank: 0, names: { pt: 'Bronze', en: 'Bronze' }, badge: 'colour:bronze', minValidBet: '0.00', minDeposit: '0.00', retentionValidBet: '0.00', upgradeBonus: noBonus, monthlyBonus: noBonus, bonusValidDays: 30, rebates: { live: '0.3', slots: '0.3', sports: '0.3', lottery: '0.1', pvp: '0.1', fish: '0.3' }, withdrawalLimitPerDay: '5000.00' },
  { rank: 1, names: { pt: 'Prata', en: 'Silver' }, badge: 'colour:silver', minValidBet: '1000.00', minDeposit: '100.00', retentionValidBet: '500.00', upgradeBonus: { amount: '10.00', wageringMultiple: 3 }, monthlyBonus: { amount: '5.00', wageringMultiple: 3 }, bonusValidDays: 30, rebates: { live: '0.4', slots: '0.4', sports: '0.4', lottery: '0.15', pvp: '0.15', fish: '0.4' }, withdrawalLimitPerDay: '10000.00' },
  { rank: 2, names: { pt: 'Ouro', en: 'Gold' }, badge: 'colour:gold', minValidBet: '10000.00', minDeposit: '1000.00', retentionValidBet: '3000.00', upgradeBonus: { amount: '50.00', wageringMultiple: 3 }, monthlyBonus: { amount: '25.00', wageringMultiple: 3 }, bonusValidDays: 30, rebates: { live: '0.5', slots: '0.5', sports: '0.5', lottery: '0.2', pvp: '0.2', fish: '0.5' }, withdrawalLimitPerDay: '25000.00' },
  { rank: 3, names: { pt: 'Platina', en: 'Platinum' }, badge: 'colour:platinum', minValidBet: '50000.00', minDeposit: '5000.00', retentionValidBet: '15000.00', upgradeBonus: { amount: '200.00', wageringMultiple: 2 }, monthlyBonus: { amount: '100.00', wageringMultiple: 2 }, bonusValidDays: 30, rebates: { live: '0.7', slots: '0.7', sports: '0.7', lottery: '0.3', pvp: '0.3', fish: '0.7' }, withdrawalLimitPerDay: '50000.00' },
  { rank: 4, names: { pt: 'Diamante', en: 'Diamond' }, badge: 'colour:diamond', minValidBet: '250000.00', minDeposit: '25000.00', retentionValidBet: '60000.00', upgradeBonus: { amount: '1000.00', wageringMultiple: 1 }, monthlyBonus: { amount: '500.00', wageringMultiple: 1 }, bonusValidDays: 30, rebates: { live: '1', slots: '1', sports: '1', lottery: '0.5', pvp: '0.5', fish: '1' }, withdrawalLimitPerDay: null },
];
