import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../shared/i18n.ts';
import { lazyPage } from './lazy-page.tsx';

describe('lazy pages', () => {
  const i18n = createI18n('en');
  beforeEach(() => {
    // React reports errors caught by a boundary on the console; expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('shows a translated retry message when the chunk fails to load', async () => {
    const Broken = lazyPage<object>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <I18nextProvider i18n={i18n}>
        <Broken />
      </I18nextProvider>,
    );
    const error = await screen.findByTestId('chunk-error');
    expect(error.textContent).toContain('The page took longer time to load, please check your network connectivity');
    expect(screen.getByTestId('chunk-retry')).toBeTruthy();
  });

  it('gives up on a chunk that never arrives after the timeout', async () => {
    const Hanging = lazyPage<object>(() => new Promise(() => undefined), 20);
    render(
      <I18nextProvider i18n={i18n}>
        <Hanging />
      </I18nextProvider>,
    );
    expect(await screen.findByTestId('chunk-error')).toBeTruthy();
  });
});
