import type { AnnouncementExecution, PublicAnnouncement } from '@app/contracts';

/** Who is looking, and which announcement kinds they already closed in this browser session. */
export interface AnnouncementAudience {
  isMember: boolean;
  /** The member's account logged in for the first time in this session (login said firstTimeLogin). */
  isFirstLogin: boolean;
  closed: ReadonlySet<AnnouncementExecution>;
}

export interface AnnouncementSelection {
  /** The kinds shown, marked closed together when the player closes the modal. */
  executions: AnnouncementExecution[];
  /** What the modal shows, first-login ones first. */
  items: PublicAnnouncement[];
}

/**
 * Spec §4: shown once per session and per user kind — B to visitors, A to logged-in members, F to
 * a member right after a first-time login. A first login sees its F announcements together with
 * the A ones (one modal, not two in a row); a kind already closed this session is not shown
 * again, and a kind with nothing to show is not marked, so a later announcement still appears.
 */
export function selectAnnouncements(announcements: readonly PublicAnnouncement[], audience: AnnouncementAudience): AnnouncementSelection {
  const wanted: AnnouncementExecution[] = audience.isMember ? (audience.isFirstLogin ? ['F', 'A'] : ['A']) : ['B'];
  const executions = wanted.filter((execution) => !audience.closed.has(execution) && announcements.some((item) => item.execution === execution));
  return { executions, items: executions.flatMap((execution) => announcements.filter((item) => item.execution === execution)) };
}
