import { ANNOUNCEMENT_EXECUTIONS, type AnnouncementExecution } from '@app/contracts';

/*
 * Session-scoped flags for the announcement and popup modals (spec §4: "closing stores a closed
 * flag"). They live in sessionStorage beside the token, so they last for the tab and logout —
 * which clears session storage — starts the visitor's round afresh. Without storage the modals
 * still close; they just may show again after a reload.
 */
const closedKey = (execution: AnnouncementExecution) => `announcement-closed:${execution}`;
const FIRST_LOGIN_KEY = 'firstTimeLogin';
const POPUP_CLOSED_KEY = 'popup-closed';

function read(key: string): boolean {
  try {
    return sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function write(key: string): void {
  try {
    sessionStorage.setItem(key, '1');
  } catch {
    // See above: the flag only lasts until the next reload.
  }
}

export function readClosedExecutions(): Set<AnnouncementExecution> {
  return new Set(ANNOUNCEMENT_EXECUTIONS.filter((execution) => read(closedKey(execution))));
}

export function markExecutionsClosed(executions: readonly AnnouncementExecution[]): void {
  executions.forEach((execution) => write(closedKey(execution)));
}

/** Called by the login flow when the server says this is the account's first login. */
export function markFirstLogin(): void {
  write(FIRST_LOGIN_KEY);
}

export function isFirstLogin(): boolean {
  return read(FIRST_LOGIN_KEY);
}

export function isPopupClosed(): boolean {
  return read(POPUP_CLOSED_KEY);
}

export function markPopupClosed(): void {
  write(POPUP_CLOSED_KEY);
}
