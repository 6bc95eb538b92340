import type { Db } from '../../platform/db.ts';
import { barredAmong } from './exclusion.repository.ts';

/**
 * The regulator's barred-persons check by CPF (SIGAP "Módulo de Impedidos": persons the law or a
 * decision bars from betting). A real adapter calls the regulator; it throws when the service does
 * not answer (the callers log, retry later and never block everyone).
 */
export interface BarredPersonsAdapter {
  readonly name: string;
  /** The CPFs (11 digits) among `cpfs` that are barred. */
  barredAmong(cpfs: readonly string[]): Promise<Set<string>>;
}

/** The sandbox: the list the operator imports in the console (exclusion_barred_cpf). */
export function createSandboxBarredAdapter(db: Db): BarredPersonsAdapter {
  return { name: 'sandbox', barredAmong: (cpfs) => barredAmong(db, cpfs) };
}
