import type { LotteryArea, LotteryFamily } from '@app/contracts';

/**
 * The games the module seeds at start (idempotently; an operator's edits are kept). Real-world
 * schedules as the Vietnamese and SEA operators publish them (weekday 0 = Sunday): the north every
 * day at 18:15, central provinces at 17:15, southern ones at 16:15 (Asia/Ho_Chi_Minh); the SEA 4D
 * games on Wednesday, Saturday and Sunday evenings; fast e-lottery every 1, 3 and 5 minutes.
 */
export const LOTT_VENDOR = 'LOTT';
export const ELOTT_VENDOR = 'ELOTT';

export interface SeedGame {
  code: string;
  family: LotteryFamily;
  area: LotteryArea;
  region: 'north' | 'central' | 'south' | null;
  namePt: string;
  nameEn: string;
  vendorCode: string;
  intervalMinutes: number | null;
  closeBeforeMs: number;
  /** Weekly draws: the weekdays and time in timeZone. */
  weekdays: readonly number[];
  drawTime: string;
  timeZone: string;
}

const VN_ZONE = 'Asia/Ho_Chi_Minh';
const VN_CLOSE = 15 * 60_000;
const DAILY = [0, 1, 2, 3, 4, 5, 6] as const;

function province(region: 'central' | 'south', code: string, name: string, weekdays: readonly number[]): SeedGame {
  return {
    code,
    family: region === 'south' ? 'vn_south' : 'vn_central',
    area: 'VN',
    region,
    namePt: name,
    nameEn: name,
    vendorCode: LOTT_VENDOR,
    intervalMinutes: null,
    closeBeforeMs: VN_CLOSE,
    weekdays,
    drawTime: region === 'south' ? '16:15' : '17:15',
    timeZone: VN_ZONE,
  };
}

// Sunday 0, Monday 1 … Saturday 6.
const SOUTH: ReadonlyArray<[string, string, number[]]> = [
  ['VN_HCM', 'TP. Hồ Chí Minh', [1, 6]],
  ['VN_DTH', 'Đồng Tháp', [1]],
  ['VN_CMA', 'Cà Mau', [1]],
  ['VN_BTR', 'Bến Tre', [2]],
  ['VN_VTA', 'Vũng Tàu', [2]],
  ['VN_BLI', 'Bạc Liêu', [2]],
  ['VN_DNA', 'Đồng Nai', [3]],
  ['VN_CTH', 'Cần Thơ', [3]],
  ['VN_STR', 'Sóc Trăng', [3]],
  ['VN_TNI', 'Tây Ninh', [4]],
  ['VN_AGI', 'An Giang', [4]],
  ['VN_BTH', 'Bình Thuận', [4]],
  ['VN_VLO', 'Vĩnh Long', [5]],
  ['VN_BDU', 'Bình Dương', [5]],
  ['VN_TVI', 'Trà Vinh', [5]],
  ['VN_LAN', 'Long An', [6]],
  ['VN_BPH', 'Bình Phước', [6]],
  ['VN_HGI', 'Hậu Giang', [6]],
  ['VN_TGI', 'Tiền Giang', [0]],
  ['VN_KGI', 'Kiên Giang', [0]],
  ['VN_DLA', 'Đà Lạt', [0]],
];
const CENTRAL: ReadonlyArray<[string, string, number[]]> = [
  ['VN_TTH', 'Thừa Thiên Huế', [1, 0]],
  ['VN_PYE', 'Phú Yên', [1]],
  ['VN_DLK', 'Đắk Lắk', [2]],
  ['VN_QNM', 'Quảng Nam', [2]],
  ['VN_DNG', 'Đà Nẵng', [3, 6]],
  ['VN_KHO', 'Khánh Hòa', [3, 0]],
  ['VN_BDI', 'Bình Định', [4]],
  ['VN_QTR', 'Quảng Trị', [4]],
  ['VN_QBI', 'Quảng Bình', [4]],
  ['VN_GLA', 'Gia Lai', [5]],
  ['VN_NTH', 'Ninh Thuận', [5]],
  ['VN_QNG', 'Quảng Ngãi', [6]],
  ['VN_DNO', 'Đắk Nông', [6]],
  ['VN_KTU', 'Kon Tum', [0]],
];

function sea(code: string, namePt: string, nameEn: string, drawTime: string, timeZone: string): SeedGame {
  return { code, family: 'sea_4d', area: 'SEA', region: null, namePt, nameEn, vendorCode: LOTT_VENDOR, intervalMinutes: null, closeBeforeMs: 15 * 60_000, weekdays: [0, 3, 6], drawTime, timeZone };
}

function fast(minutes: number): SeedGame {
  return {
    code: `ELOTT_${minutes}M`,
    family: 'fast_5d',
    area: 'ELOTT',
    region: null,
    namePt: `Loteria rápida ${minutes} min`,
    nameEn: `Fast lottery ${minutes} min`,
    vendorCode: ELOTT_VENDOR,
    intervalMinutes: minutes,
    closeBeforeMs: 10_000,
    weekdays: [],
    drawTime: '00:00',
    timeZone: 'UTC',
  };
}

export const SEED_GAMES: readonly SeedGame[] = [
  { code: 'VN_MB', family: 'vn_north', area: 'VN', region: 'north', namePt: 'Miền Bắc (Hà Nội)', nameEn: 'Northern Vietnam (Hà Nội)', vendorCode: LOTT_VENDOR, intervalMinutes: null, closeBeforeMs: VN_CLOSE, weekdays: DAILY, drawTime: '18:15', timeZone: VN_ZONE },
  ...SOUTH.map(([code, name, days]) => province('south', code, name, days)),
  ...CENTRAL.map(([code, name, days]) => province('central', code, name, days)),
  sea('SEA_MAGNUM', 'Magnum 4D', 'Magnum 4D', '19:00', 'Asia/Kuala_Lumpur'),
  sea('SEA_TOTO', 'Sports Toto 4D', 'Sports Toto 4D', '19:00', 'Asia/Kuala_Lumpur'),
  sea('SEA_SG4D', 'Singapura 4D', 'Singapore 4D', '18:30', 'Asia/Singapore'),
  fast(1),
  fast(3),
  fast(5),
];
