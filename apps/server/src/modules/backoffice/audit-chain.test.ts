import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { testLogger } from '../../../test/test-context.ts';
import { createDb, type DbHandle } from '../../platform/db.ts';
import { verifyAuditChain } from './audit-chain.ts';
import { audit } from './audit.ts';

/**
 * The audit hash chain on a real PostgreSQL: computed by the trigger of migration 0026,
 * recomputed by verifyAuditChain in TypeScript, under concurrent writers, and against tampering
 * by someone who can switch the table's triggers off (the table owner).
 */
describe('audit hash chain', () => {
  let handle: DbHandle;
  const db = () => handle.db;
  beforeAll(async () => {
    handle = createDb({ connectionString: await createTestDatabase(), max: 12, logger: testLogger });
  });
  afterAll(async () => handle.close());

  const entry = (action: string, details: Record<string, unknown> = {}) => ({ operatorId: null, action, targetType: 'test', targetId: action, details, ip: '2001:db8::1' });
  const rows = () => db().selectFrom('backoffice_audit').select(['id', 'action', 'prev_hash', 'hash']).orderBy('id').execute();

  it('chains every row to the one before, from 32 zero bytes, and the verifier agrees', async () => {
    await audit(db(), entry('first.thing', { amount: 12n, text: 'ção "quoted"\n', nested: { z: [1, 2.5, null], a: true } }));
    await audit(db(), { ...entry('second.thing'), ip: 'not an address' });
    await audit(db(), entry('third.thing'));
    const chain = await rows();
    expect(chain[0]!.prev_hash).toEqual(Buffer.alloc(32));
    for (let index = 1; index < chain.length; index += 1) expect(chain[index]!.prev_hash).toEqual(chain[index - 1]!.hash);
    const report = await verifyAuditChain(db());
    expect(report).toEqual({ ok: true, rows: chain.length, head: { lastId: String(chain.at(-1)!.id), hash: chain.at(-1)!.hash.toString('hex') }, firstBroken: null });
  });

  it('chains concurrent writers in commit order, with ids in chain order', async () => {
    // Each writer audits, then lingers before committing: the next writer waits for the lock.
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        db()
          .transaction()
          .execute(async (tx) => {
            await audit(tx, entry(`concurrent.${index}`));
            await sql`select pg_sleep(0.02)`.execute(tx);
          }),
      ),
    );
    const chain = await rows();
    for (let index = 1; index < chain.length; index += 1) {
      expect(chain[index]!.id).toBeGreaterThan(chain[index - 1]!.id);
      expect(chain[index]!.prev_hash).toEqual(chain[index - 1]!.hash);
    }
    expect((await verifyAuditChain(db())).ok).toBe(true);
  });

  it('verifies across pages (the verifier reads 1,000 rows at a time)', async () => {
    await sql`insert into backoffice_audit (action, target_type, target_id) select 'bulk.' || n, 'test', n::text from generate_series(1, 1100) n`.execute(db());
    const report = await verifyAuditChain(db());
    expect(report.ok).toBe(true);
    expect(report.rows).toBe((await rows()).length);
  });

  it('makes a writer with a snapshot older than the last link fail instead of forking the chain', async () => {
    await expect(
      db()
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (tx) => {
          await sql`select count(*) from backoffice_audit`.execute(tx); // takes the snapshot
          await audit(db(), entry('committed.meanwhile'));
          await audit(tx, entry('stale.snapshot'));
        }),
    ).rejects.toThrow(/could not serialize/);
    expect((await verifyAuditChain(db())).ok).toBe(true);
  });

  describe('tampering by the table owner (triggers switched off)', () => {
    let tampered: DbHandle;
    const tdb = () => tampered.db;
    beforeAll(async () => {
      tampered = createDb({ connectionString: await createTestDatabase(), max: 2, logger: testLogger });
    });
    afterAll(async () => tampered.close());

    /** A fresh chain of five rows; edits run with every trigger of the table off, as its owner could. */
    async function chainOfFive(edit: (ids: bigint[]) => Promise<unknown>) {
      await sql`alter table backoffice_audit disable trigger user`.execute(tdb());
      await sql`delete from backoffice_audit`.execute(tdb());
      await sql`update backoffice_audit_head set last_id = null, last_hash = decode(repeat('00', 32), 'hex')`.execute(tdb());
      await sql`alter table backoffice_audit enable trigger user`.execute(tdb());
      const ids: bigint[] = [];
      for (let index = 0; index < 5; index += 1) {
        await audit(tdb(), entry(`tamper.${index}`));
        ids.push((await tdb().selectFrom('backoffice_audit_head').select('last_id').executeTakeFirstOrThrow()).last_id!);
      }
      await sql`alter table backoffice_audit disable trigger user`.execute(tdb());
      await edit(ids);
      await sql`alter table backoffice_audit enable trigger user`.execute(tdb());
      return { ids, report: await verifyAuditChain(tdb()) };
    }

    it('finds an edited row', async () => {
      const { ids, report } = await chainOfFive((ids) => sql`update backoffice_audit set details = '{"amount": "99999"}' where id = ${ids[2]}`.execute(tdb()));
      expect(report.firstBroken).toEqual({ id: String(ids[2]), reason: 'hash' });
    });

    it('finds an edited row whose hash was recomputed: at the next row', async () => {
      const { ids, report } = await chainOfFive(async (ids) => {
        await sql`update backoffice_audit set action = 'forged' where id = ${ids[2]}`.execute(tdb());
        await sql`update backoffice_audit a set hash = backoffice_audit_digest(a.prev_hash, a) where id = ${ids[2]}`.execute(tdb());
      });
      expect(report.firstBroken).toEqual({ id: String(ids[3]), reason: 'prev_hash' });
    });

    it('finds a removed row', async () => {
      const removed = await chainOfFive((ids) => sql`delete from backoffice_audit where id = ${ids[1]}`.execute(tdb()));
      expect(removed.report.firstBroken).toEqual({ id: String(removed.ids[2]), reason: 'prev_hash' });
    });

    it('finds rows cut off the end through the head', async () => {
      const { ids, report } = await chainOfFive((ids) => sql`delete from backoffice_audit where id in (${ids[3]}, ${ids[4]})`.execute(tdb()));
      expect(report).toMatchObject({ ok: false, rows: 3, head: { lastId: String(ids[4]) }, firstBroken: { id: String(ids[2]), reason: 'head' } });
    });
  });
});
