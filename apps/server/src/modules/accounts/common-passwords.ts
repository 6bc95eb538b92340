import { readFileSync } from 'node:fs';

/**
 * ASVS 6.2.4: refuse the most common passwords. The list is common-passwords.txt beside this
 * file (10,000 entries, lowercased, rank order; its first line says where it came from and its
 * licence), shipped in the repository rather than pulled from a package at run time. It is read
 * once, on first use, so importing this module costs nothing until registration needs it. A build
 * that bundles the server must copy the .txt next to the output.
 */
const LIST_URL = new URL('./common-passwords.txt', import.meta.url);

let cached: ReadonlySet<string> | undefined;

/** Lines starting with '#' are comments; no entry in the list starts with '#'. */
export function parseCommonPasswordList(text: string): ReadonlySet<string> {
  const entries = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    if (line === '' || line.startsWith('#')) continue;
    entries.add(comparable(line));
  }
  return entries;
}

/** Case-insensitive, and indifferent to how the keyboard composed accented letters. */
function comparable(password: string): string {
  return password.normalize('NFC').toLowerCase();
}

export function commonPasswords(): ReadonlySet<string> {
  cached ??= parseCommonPasswordList(readFileSync(LIST_URL, 'utf8'));
  return cached;
}

/** True when the password, ignoring case, is on the list. The password is not trimmed. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(comparable(password));
}
