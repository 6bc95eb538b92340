import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n.ts';

describe('the console counts', () => {
  it('says "0 agentes" in Portuguese, like Brazilian usage, and keeps 1 singular', () => {
    const pt = createI18n('pt');
    expect(pt.t('admin-agents:tree.topCount', { count: 0 })).toBe('0 agentes no topo');
    expect(pt.t('admin-agents:tree.topCount', { count: 1 })).toBe('1 agente no topo');
    const en = createI18n('en');
    expect(en.t('admin-agents:tree.topCount', { count: 0 })).toBe('0 top agents');
  });
});
