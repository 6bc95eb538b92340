/**
 * House games shared by the server (which plays them) and the browser (which shows and verifies
 * them): the provably fair stream, the slot engine, its data format and the slot games.
 */
export { blockMessage, createBlockStream, type RandomStream } from './stream.ts';
export * from './slots/engine.ts';
export * from './slots/paytable.ts';
export { theoreticalRtp, type RtpBreakdown } from './slots/theory.ts';
export { demoMachineFor, listedRtpOf } from './slots/demo-machine.ts';
export { serialiseRound, type RoundOutcome } from './slots/serialise.ts';
export { findSlotGame, goldenJungle, luckyCarnival, pharaohsTreasure, SLOT_GAMES } from './slots/games/index.ts';
export * from './mini/index.ts';
export * from './crash/crash-point.ts';
export * from './jackpot.ts';
export * from './live/index.ts';
