import pino, { type Logger } from 'pino';

export type { Logger };

/** Secrets never reach the log, whatever object they travel in. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-signature"]',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.secret',
  'password',
  'token',
];

export function createLogger(options: { level: string; pretty: boolean }): Logger {
  return pino({
    level: options.level,
    redact: { paths: REDACT, censor: '[redacted]' },
    ...(options.pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  });
}
