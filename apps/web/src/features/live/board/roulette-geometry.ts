import { allRouletteSpots, parseRouletteSpot } from '@app/house-games';

/**
 * Where things sit on the roulette layout's number grid, in cell units. Horizontal (desktop):
 * 12 columns × 3 rows, 3-6-…-36 on top, 1-4-…-34 at the bottom, zero to the left; vertical
 * (phone in portrait): 3 columns × 12 rows, 1-2-3 on top, zero above. A split, corner, street or
 * six line is placed on the border or crossing it covers, as on a real table.
 */
export type Orientation = 'horizontal' | 'vertical';

interface Point {
  x: number;
  y: number;
}

export function gridSize(orientation: Orientation): { columns: number; rows: number } {
  return orientation === 'horizontal' ? { columns: 12, rows: 3 } : { columns: 3, rows: 12 };
}

/** The centre of number n's cell (1–36) on the horizontal layout. */
function centre(n: number): Point {
  return { x: Math.ceil(n / 3) - 0.5, y: 2.5 - ((n - 1) % 3) };
}

function orient(point: Point, orientation: Orientation): Point {
  return orientation === 'horizontal' ? point : { x: 3 - point.y, y: point.x };
}

/** Number n's cell: its top-left corner in cell units. */
export function cellOf(n: number, orientation: Orientation): Point {
  const c = orient(centre(n), orientation);
  return { x: c.x - 0.5, y: c.y - 0.5 };
}

function zonePoint(type: string, numbers: number[]): Point | null {
  const inner = numbers.filter((n) => n !== 0);
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  switch (type) {
    case 'split':
      if (numbers[0] === 0) return { x: 0, y: centre(inner[0]!).y };
      return { x: mean(inner.map((n) => centre(n).x)), y: mean(inner.map((n) => centre(n).y)) };
    case 'corner':
      if (numbers[0] === 0) return { x: 0, y: 3 };
      return { x: mean(inner.map((n) => centre(n).x)), y: mean(inner.map((n) => centre(n).y)) };
    case 'street':
      return { x: centre(inner[0]!).x, y: 3 };
    case 'line':
      return { x: centre(inner[0]!).x + 0.5, y: 3 };
    default:
      return null;
  }
}

export interface Zone {
  spot: string;
  type: string;
  numbers: number[];
  /** Centre of the hit zone in cell units. */
  x: number;
  y: number;
}

/** Every split, corner, street and six line with the point where its chip goes. */
export function insideZones(orientation: Orientation): Zone[] {
  const zones: Zone[] = [];
  for (const spot of allRouletteSpots()) {
    const bet = parseRouletteSpot(spot);
    if (!bet) continue;
    const point = zonePoint(bet.type, bet.numbers);
    if (!point) continue;
    const oriented = orient(point, orientation);
    zones.push({ spot, type: bet.type, numbers: bet.numbers, x: oriented.x, y: oriented.y });
  }
  return zones;
}
