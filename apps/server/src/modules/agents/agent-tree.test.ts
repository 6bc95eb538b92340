import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPlayer, type TestPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

const AGENT = 1;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const agents = () => ctx.core.modules.agents.api;
const agent = (upline?: TestPlayer) => newPlayer(ctx.core, { type: AGENT, upline: upline?.account });
const member = (upline: TestPlayer) => newPlayer(ctx.core, { upline: upline.account });
const moveUnder = (moved: TestPlayer, upline: TestPlayer | null) =>
  ctx.core.db.updateTable('accounts_member').set({ upline_member_id: upline?.id ?? null }).where('id', '=', moved.id).execute();

/** The closure rows leading to `descendants`, as "ancestor>descendant:depth", named from `named`. */
async function links(descendants: TestPlayer[], named: TestPlayer[] = descendants): Promise<string[]> {
  const name = new Map(named.map((m) => [m.id, m.account]));
  const rows = await ctx.core.db.selectFrom('agents_tree').selectAll().where('descendant_id', 'in', descendants.map((m) => m.id)).execute();
  return rows.map((row) => `${name.get(row.ancestor_id) ?? row.ancestor_id}>${name.get(row.descendant_id)}:${row.depth}`).sort();
}

describe('agent tree (closure table kept by triggers)', () => {
  it('records every member under each of its uplines, with the distance', async () => {
    const top = await agent();
    const middle = await agent(top);
    const player = await member(middle);
    const sibling = await member(top);
    expect(await agents().uplineChain(player.id)).toEqual([middle.id, top.id]);
    expect(await agents().uplineChain(top.id)).toEqual([]);
    expect(await agents().teamSize(top.id)).toEqual({ team: 3, direct: 2 });
    expect(await agents().teamSize(middle.id)).toEqual({ team: 1, direct: 1 });
    expect(await agents().isInTeam(top.id, player.id)).toBe(true);
    expect(await agents().isInTeam(middle.id, sibling.id)).toBe(false);
    expect(await agents().isInTeam(player.id, player.id)).toBe(true);
  });

  it('moves a whole team when its head changes upline, and keeps the team’s own links', async () => {
    const [left, right] = [await agent(), await agent()];
    const head = await agent(left);
    const child = await member(head);
    await moveUnder(head, right);
    const all = [left, right, head, child];
    const expected = [`${head.account}>${head.account}:0`, `${child.account}>${child.account}:0`, `${head.account}>${child.account}:1`, `${right.account}>${head.account}:1`, `${right.account}>${child.account}:2`];
    expect(await links([head, child], all)).toEqual(expected.sort());
    expect(await agents().teamSize(left.id)).toEqual({ team: 0, direct: 0 });
    expect(await agents().uplineChain(child.id)).toEqual([head.id, right.id]);
    expect((await links(all)).length).toBe(7);

    await moveUnder(head, null);
    expect(await agents().uplineChain(child.id)).toEqual([head.id]);
    expect(await agents().teamSize(right.id)).toEqual({ team: 0, direct: 0 });
  });

  it('refuses to place a member under its own team, and changes nothing', async () => {
    const top = await agent();
    const below = await agent(top);
    await expect(moveUnder(top, below)).rejects.toThrow(/own team/);
    await expect(moveUnder(top, top)).rejects.toThrow(/own team/);
    expect(await agents().uplineChain(below.id)).toEqual([top.id]);
    expect(await agents().uplineChain(top.id)).toEqual([]);
  });
});
