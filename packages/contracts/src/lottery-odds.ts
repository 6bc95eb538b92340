import type { LotteryFamily, LotteryOddsTable, LotteryPrizeMode } from './lottery.ts';

/**
 * The default odds tables (docs/lottery-rules.md §5), per prize mode, family and bet type: payout
 * per unit stake per hit in integer thousandths (95 → 95000). The operator overrides them in the
 * console; a ticket keeps the table it was accepted under.
 *
 * VN games are offered in two modes: LOTT (the standard table, ≈ 95 % return on the "lô" types)
 * and ZY (lower odds, ≈ 90 %, for players on an agent rebate plan, who get the difference back as
 * rebate on volume). SEA 4D uses the operators' published 4D prizes; fast draws ELOTT (≈ 97 %).
 */

/** How many of the 100,000 five-ball draws add up to each sum 0…45. */
export function fastSumWays(): number[] {
  let ways = [1];
  for (let ball = 0; ball < 5; ball += 1) {
    const next = new Array<number>(ways.length + 9).fill(0);
    ways.forEach((count, sum) => {
      for (let digit = 0; digit <= 9; digit += 1) next[sum + digit]! += count;
    });
    ways = next;
  }
  return ways;
}

/** Exact-sum odds at a 97 % return: floor(0.97 × 100,000 / ways × 1000). */
function sumOdds(): LotteryOddsTable {
  return Object.fromEntries(fastSumWays().map((ways, sum) => [`s${sum}`, Math.floor(97_000_000 / ways)]));
}

const hit = (odds: number): LotteryOddsTable => ({ hit: odds });

interface VietnameseOdds {
  lo: number; // per-hit odds of the 2-digit "lô" family (bao lô 2, đề, đầu, đuôi)
  xien: readonly [number, number, number];
  da: readonly [number, number];
}

function vietnamese({ lo, xien, da }: VietnameseOdds): Record<string, LotteryOddsTable> {
  return {
    bao_lo_2: hit(lo),
    bao_lo_3: hit(lo * 10),
    bao_lo_4: hit(lo * 100),
    de_dac_biet: hit(lo),
    dau: hit(lo),
    duoi: hit(lo),
    dau_duoi: hit(lo),
    xiu_chu: hit(lo * 10),
    xien_2: hit(xien[0]),
    xien_3: hit(xien[1]),
    xien_4: hit(xien[2]),
    da: { pair: da[0], repeat: da[1] },
  };
}

export const DEFAULT_ODDS: Record<LotteryPrizeMode, Partial<Record<LotteryFamily, Record<string, LotteryOddsTable>>>> = {
  LOTT: {
    vn_north: vietnamese({ lo: 95_000, xien: [17_000, 77_000, 355_000], da: [14_000, 12_000] }),
    vn_central: vietnamese({ lo: 95_000, xien: [36_000, 243_000, 1_710_000], da: [33_000, 20_000] }),
    vn_south: vietnamese({ lo: 95_000, xien: [36_000, 243_000, 1_710_000], da: [33_000, 20_000] }),
  },
  ZY: {
    vn_north: vietnamese({ lo: 90_000, xien: [16_000, 73_000, 337_000], da: [13_000, 12_000] }),
    vn_central: vietnamese({ lo: 90_000, xien: [34_000, 230_000, 1_620_000], da: [31_000, 18_000] }),
    vn_south: vietnamese({ lo: 90_000, xien: [34_000, 230_000, 1_620_000], da: [31_000, 18_000] }),
  },
  SEA: {
    sea_4d: {
      big: { first: 2_500_000, second: 1_000_000, third: 500_000, starter: 180_000, consolation: 60_000 },
      small: { first: 3_500_000, second: 2_000_000, third: 1_000_000 },
    },
  },
  ELOTT: {
    fast_5d: {
      position: hit(9_700),
      big_small: { ball: 1_940, sum: 1_940 },
      odd_even: { ball: 1_940, sum: 1_940 },
      sum: sumOdds(),
      front3: hit(970_000),
      mid3: hit(970_000),
      back3: hit(970_000),
    },
  },
};
