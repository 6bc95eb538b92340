// Registration validation shared by the server and the SPA: pure functions, no Node or DOM APIs.
export * from './registration-patterns.ts';
export * from './field-rules.ts';
export * from './cpf.ts';
export * from './brazil-mobile.ts';
export * from './age.ts';
export * from './password-policy.ts';
export * from './identity.ts';
