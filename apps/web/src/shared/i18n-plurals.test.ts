import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '@app/i18n';
import { resources } from '@app/i18n/resources';
import { createI18n } from './i18n.ts';

/**
 * Brazilian Portuguese counts zero in the plural ("0 jogadores"), though CLDR files pt's 0 under
 * "one" (which gave "0 jogador"). English already says "0 players".
 */
describe('plurals', () => {
  it('says "0 jogadores" and "1 jogador" in Portuguese, "0 players" and "1 player" in English', () => {
    const pt = createI18n('pt');
    expect(pt.t('games:crash.players.summary', { count: 0, total: 'R$ 0,00' })).toBe('0 jogadores · R$ 0,00');
    expect(pt.t('games:crash.players.summary', { count: 1, total: 'R$ 1,00' })).toBe('1 jogador · R$ 1,00');
    expect(pt.t('games:crash.players.summary', { count: 2, total: 'R$ 2,00' })).toBe('2 jogadores · R$ 2,00');
    const en = createI18n('en');
    expect(en.t('games:crash.players.summary', { count: 0, total: 'R$0.00' })).toBe('0 players · R$0.00');
    expect(en.t('games:crash.players.summary', { count: 1, total: 'R$1.00' })).toBe('1 player · R$1.00');
  });

  it('uses the plural form for zero in every Portuguese counted text', () => {
    const i18n = createI18n('pt');
    // Keys built at run time: the typed t() only takes literal keys.
    const t = (key: string): string => String(i18n.t(key as never, { count: 0 } as never));
    const wrong: string[] = [];
    const visit = (namespace: string, node: Record<string, unknown>, path: string[]) => {
      for (const [key, value] of Object.entries(node)) {
        if (value && typeof value === 'object') visit(namespace, value as Record<string, unknown>, [...path, key]);
        else if (key.endsWith('_other')) {
          const base = [...path, key.slice(0, -'_other'.length)].join('.');
          if (t(`${namespace}:${base}`) !== t(`${namespace}:${base}_other`)) wrong.push(`${namespace}:${base}`);
        }
      }
    };
    for (const namespace of NAMESPACES) {
      const bundled = (resources.pt as Record<string, Record<string, unknown> | undefined>)[namespace];
      if (bundled) visit(namespace, bundled, []);
    }
    expect(wrong).toEqual([]);
  });
});
