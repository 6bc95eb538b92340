/**
 * A small PT-BR + EN profanity filter for the table chat. Words are compared folded: lower case,
 * accents removed, common leetspeak undone (0→o, 1→i, 3→e, 4→a, 5→s, 7→t, @→a, $→s) and letters
 * repeated in a row collapsed; a match is replaced, letter for letter, by asterisks.
 */
const WORDS = [
  // PT-BR
  'porra', 'caralho', 'merda', 'puta', 'puto', 'putaria', 'foda', 'foder', 'fodase', 'fdp', 'buceta', 'boceta', 'cu', 'cuzao', 'viado', 'arrombado', 'arrombada', 'corno', 'otario', 'otaria', 'babaca', 'bosta', 'piroca', 'pica', 'cacete', 'vagabundo', 'vagabunda', 'desgracado', 'desgracada', 'vadia', 'escroto', 'escrota',
  // EN
  'fuck', 'fucker', 'fucking', 'motherfucker', 'shit', 'bullshit', 'bitch', 'asshole', 'bastard', 'cunt', 'dick', 'pussy', 'whore', 'slut', 'fag', 'faggot', 'nigger', 'retard', 'wanker', 'twat',
];

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' };

export function fold(word: string): string {
  const plain = word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[0134573@$!]/g, (c) => LEET[c] ?? c);
  return plain.replace(/(.)\1+/g, '$1');
}

const BANNED = new Set(WORDS.map(fold));

/** The text with every banned word masked, and whether anything was. */
export function filterProfanity(text: string): { text: string; filtered: boolean } {
  let filtered = false;
  const out = text.replace(/[\p{L}\p{N}@$!]+/gu, (token) => {
    // "!" is leet for i inside a word ("sh!t") and punctuation at its ends ("porra!"): the ends stay.
    const [, lead = '', core = '', tail = ''] = /^(!*)(.*?)(!*)$/su.exec(token) ?? [];
    if (core && BANNED.has(fold(core))) {
      filtered = true;
      return lead + '*'.repeat([...core].length) + tail;
    }
    if (BANNED.has(fold(token))) {
      filtered = true;
      return '*'.repeat([...token].length);
    }
    return token;
  });
  return { text: out, filtered };
}

/** Trimmed, control characters removed, whitespace runs collapsed, at most 200 characters. */
export function cleanText(text: string): string {
  return [...text.replace(/[\p{Cc}\p{Cf}]/gu, ' ').replace(/\s+/g, ' ').trim()].slice(0, 200).join('').trim();
}
