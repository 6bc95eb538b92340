/**
 * Runs each player's items one after another, in the given order, and the players at once: the
 * ordinary way for what a batch could not take, where a player's answers (their balances, which
 * of two bets a short balance refuses) must follow one another as one statement would give them.
 */
export async function eachInOrderPerPlayer<T>(items: readonly T[], playerOf: (item: T) => unknown, run: (item: T) => Promise<void>): Promise<void> {
  const players = new Map<unknown, T[]>();
  for (const item of items) {
    const player = playerOf(item);
    const queue = players.get(player);
    if (queue) queue.push(item);
    else players.set(player, [item]);
  }
  await Promise.all(
    [...players.values()].map(async (queue) => {
      for (const item of queue) await run(item);
    }),
  );
}
