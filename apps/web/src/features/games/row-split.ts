/** Spec §9: a games row with more than 12 games splits into pairs; vendor rows never split. */
export const ROW_SPLIT_THRESHOLD = 12;

export function shouldSplitRow(kind: 'games' | 'vendors', count: number): boolean {
  return kind === 'games' && count > ROW_SPLIT_THRESHOLD;
}

/** Columns of the row: one item each, or two stacked items when the row is split. */
export function rowColumns<T>(items: readonly T[], split: boolean): T[][] {
  if (!split) return items.map((item) => [item]);
  const columns: T[][] = [];
  for (let index = 0; index < items.length; index += 2) columns.push(items.slice(index, index + 2));
  return columns;
}
