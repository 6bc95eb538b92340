/**
 * Spec §4: after a login with passwordExpired the player must change the password before going
 * on. Member info does not carry the flag, so it is kept beside the token in sessionStorage: a
 * reload re-opens the forced change instead of quietly letting the player through. Logout
 * clears session storage and with it this flag.
 */
const FLAG_KEY = 'passwordChangeRequired';

export function markPasswordChangeRequired(required: boolean): void {
  try {
    if (required) sessionStorage.setItem(FLAG_KEY, '1');
    else sessionStorage.removeItem(FLAG_KEY);
  } catch {
    // Without storage the forced change still opens now; it just will not survive a reload.
  }
}

export function isPasswordChangeRequired(): boolean {
  try {
    return sessionStorage.getItem(FLAG_KEY) === '1';
  } catch {
    return false;
  }
}
