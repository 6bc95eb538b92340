import { describe, expect, it } from 'vitest';
import type { AnnouncementExecution } from '@app/contracts';
import { announcementFixture } from '../../test/content-fixtures.ts';
import { selectAnnouncements } from './announcement-rules.ts';

const all = [
  announcementFixture({ id: 'b1', execution: 'B' }),
  announcementFixture({ id: 'a1', execution: 'A' }),
  announcementFixture({ id: 'f1', execution: 'F' }),
  announcementFixture({ id: 'b2', execution: 'B' }),
];
const closed = (...executions: AnnouncementExecution[]) => new Set(executions);
const ids = (selection: ReturnType<typeof selectAnnouncements>) => selection.items.map((item) => item.id);

describe('which announcements show (spec §4)', () => {
  it('shows a visitor the B ones, once per session', () => {
    const visitor = { isMember: false, isFirstLogin: false, closed: closed() };
    expect(selectAnnouncements(all, visitor)).toEqual({ executions: ['B'], items: [all[0], all[3]] });
    expect(ids(selectAnnouncements(all, { ...visitor, closed: closed('B') }))).toEqual([]);
  });

  it('shows a member the A ones even after the visitor ones were closed, and never B', () => {
    const member = { isMember: true, isFirstLogin: false, closed: closed('B') };
    expect(selectAnnouncements(all, member)).toEqual({ executions: ['A'], items: [all[1]] });
    expect(ids(selectAnnouncements(all, { ...member, closed: closed('B', 'A') }))).toEqual([]);
  });

  it('shows a first login its F ones first, together with the A ones', () => {
    const firstLogin = { isMember: true, isFirstLogin: true, closed: closed() };
    expect(selectAnnouncements(all, firstLogin)).toEqual({ executions: ['F', 'A'], items: [all[2], all[1]] });
    expect(selectAnnouncements(all, { ...firstLogin, closed: closed('F') }).executions).toEqual(['A']);
  });

  it('does not claim a kind that has nothing to show, so a later announcement still appears', () => {
    const onlyB = [announcementFixture({ execution: 'B' })];
    expect(selectAnnouncements(onlyB, { isMember: true, isFirstLogin: true, closed: closed() })).toEqual({ executions: [], items: [] });
  });
});
