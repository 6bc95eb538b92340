import { describe, expect, it } from 'vitest';
import { createI18n, LANGUAGE_HISTORY_KEY, LANGUAGE_KEY, resolveStoredLanguage, switchLanguage } from './i18n.ts';

describe('language resolution', () => {
  it('defaults to pt when nothing is stored', () => {
    expect(resolveStoredLanguage()).toBe('pt');
  });

  it('resets a stored unsupported value to pt and writes the reset back', () => {
    localStorage.setItem(LANGUAGE_KEY, 'xx');
    localStorage.setItem(LANGUAGE_HISTORY_KEY, 'xx');
    expect(resolveStoredLanguage()).toBe('pt');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('pt');
    expect(localStorage.getItem(LANGUAGE_HISTORY_KEY)).toBe('pt');
  });

  it('keeps a supported stored choice, falling back to hisLang when lang is missing', () => {
    localStorage.setItem(LANGUAGE_KEY, 'en');
    expect(resolveStoredLanguage()).toBe('en');
    localStorage.clear();
    localStorage.setItem(LANGUAGE_HISTORY_KEY, 'en');
    expect(resolveStoredLanguage()).toBe('en');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en');
  });

  it('sets <html lang> and stores both keys on a switch', async () => {
    const i18n = createI18n('pt');
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(i18n.t('layout:nav.home')).toBe('Início');
    await switchLanguage(i18n, 'en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('layout:nav.home')).toBe('Home');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en');
    expect(localStorage.getItem(LANGUAGE_HISTORY_KEY)).toBe('en');
  });
});
