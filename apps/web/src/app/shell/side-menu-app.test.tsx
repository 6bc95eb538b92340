import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bootFixture } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const LOAD = { timeout: 5000 };

describe('side menu app download entries (spec §2)', () => {
  it('offers only the configured apps, with the QR code on hover and the guide on click', async () => {
    renderApp('/', bootFixture({ appDownload: { ios: 'https://apps.apple.com/app/id1', android: null, lite: 'https://example.com/' } }));
    const menu = await screen.findByTestId('side-menu', {}, LOAD);
    expect(within(menu).queryByTestId('side-app-android')).toBeNull();
    const ios = within(menu).getByTestId('side-app-ios');
    expect(ios.getAttribute('href')).toBe('/help#app');
    expect(screen.queryByTestId('side-app-qr-ios')).toBeNull();

    fireEvent.mouseEnter(ios);
    const popover = screen.getByTestId('side-app-qr-ios');
    const qr = within(popover).getByRole('img');
    expect([qr.getAttribute('src'), qr.getAttribute('width'), qr.getAttribute('height')]).toEqual(['/api/content/app-qr/ios.svg', '120', '120']);
    expect(ios.getAttribute('aria-describedby')).toBe('side-app-qr-ios');
    fireEvent.mouseLeave(ios);
    expect(screen.queryByTestId('side-app-qr-ios')).toBeNull();

    fireEvent.focus(ios);
    expect(screen.getByTestId('side-app-qr-ios')).toBeTruthy();
  });

  it('has no download entries when no app is configured', async () => {
    renderApp('/');
    const menu = await screen.findByTestId('side-menu', {}, LOAD);
    expect(within(menu).queryByTestId('side-app-ios')).toBeNull();
    expect(within(menu).queryByTestId('side-app-android')).toBeNull();
  });
});
