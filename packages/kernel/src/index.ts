export * from './errors.ts';
export * from './clock.ts';
export * from './pagination.ts';
export * from './money.ts';
export * from './mask.ts';
