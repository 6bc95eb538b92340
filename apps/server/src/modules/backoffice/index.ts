import type { Db } from '../../platform/db.ts';
import { hashPassword } from '../../platform/security/passwords.ts';
import * as repository from './backoffice.repository.ts';

export type OperatorRole = 'owner' | 'finance' | 'risk' | 'support' | 'content';

/** Back-office module. This first cut owns operator accounts; the console is its own issue. */
export function createBackofficeModule(deps: { db: Db }) {
  return {
    api: {
      /** Creates the operator unless the username exists (idempotent); answers whether it created one. */
      async ensureOperator(input: { username: string; displayName: string; role: OperatorRole; password: string }) {
        const username = input.username.toLowerCase();
        if (await repository.findOperatorByUsername(deps.db, username)) return false;
        return repository.insertOperatorIfAbsent(deps.db, {
          username,
          displayName: input.displayName,
          role: input.role,
          passwordHash: await hashPassword(input.password),
        });
      },
    },
  };
}

export type BackofficeModule = ReturnType<typeof createBackofficeModule>;
