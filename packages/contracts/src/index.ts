export * from './common.ts';
export * from './system.ts';
export * from './realtime.ts';
export * from './session.ts';
export * from './accounts/index.ts';
export * from './human-check/index.ts';
export * from './registration.ts';
export * from './security.ts';
