import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fake-api.ts';
import { helpArticleFixture, helpCentreFixture } from '../../../test/content-fixtures.ts';
import { bootFixture } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { helpViewOf } from '../help-view.ts';

const LOAD = { timeout: 5000 };
const articles = [helpArticleFixture({ tag: 'faq', title: 'Perguntas frequentes' }), helpArticleFixture({ tag: 'term', title: 'Termos e condições', html: '<p>Os termos</p>' })];

function stubHelp() {
  return stubApi({ 'GET /api/content/help': helpCentreFixture(articles) });
}

describe('help view from the address hash', () => {
  it('selects by tag, opens the terms in the modal, and falls back to the first article', () => {
    expect(helpViewOf('', articles)).toEqual({ selectedTag: 'faq', modalArticle: null });
    expect(helpViewOf('#faq', articles).selectedTag).toBe('faq');
    expect(helpViewOf('#app', articles).selectedTag).toBe('app');
    expect(helpViewOf('#term', articles)).toEqual({ selectedTag: 'faq', modalArticle: articles[1] });
    expect(helpViewOf('#nope', articles).selectedTag).toBe('faq');
    expect(helpViewOf('#%E0%A4%A', articles).selectedTag).toBe('faq');
    expect(helpViewOf('#term', [])).toEqual({ selectedTag: 'app', modalArticle: null });
  });
});

describe('help centre page', () => {
  it('opens /help#term in the help modal over the page, and closing it drops the hash', async () => {
    stubHelp();
    const { router } = renderApp('/help#term');
    const modal = await screen.findByTestId('help-modal', {}, LOAD);
    expect(within(modal).getByRole('heading', { name: 'Termos e condições' })).toBeTruthy();
    expect(within(modal).getByTestId('help-modal-body').innerHTML).toBe('<p>Os termos</p>');
    expect(screen.getByTestId('help-page')).toBeTruthy();
    fireEvent.click(within(modal).getByTestId('modal-close'));
    await waitFor(() => expect(screen.queryByTestId('help-modal')).toBeNull());
    expect(router.state.location.pathname).toBe('/help');
    expect(router.state.location.hash).toBe('');
  });

  it('selects the article of /help#<tag>, and another from the topic list', async () => {
    stubHelp();
    renderApp('/helpmc#faq');
    const article = await screen.findByTestId('help-article', {}, LOAD);
    expect(article.dataset.tag).toBe('faq');
    expect(screen.getByTestId('help-nav-faq').getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByTestId('help-nav-app'));
    await waitFor(() => expect(screen.getByTestId('help-article').dataset.tag).toBe('app'));
  });

  it('offers a QR code, a link and the install steps for each configured app only', async () => {
    stubHelp();
    renderApp('/help#app', bootFixture({ appDownload: { ios: null, android: 'https://example.com/app.apk', lite: 'https://example.com/' } }));
    const article = await screen.findByTestId('help-article', {}, LOAD);
    expect(article.dataset.tag).toBe('app');
    expect(within(article).queryByTestId('app-qr-ios')).toBeNull();
    const qr = within(article).getByTestId('app-qr-android');
    expect([qr.getAttribute('src'), qr.getAttribute('width'), qr.getAttribute('height')]).toEqual(['/api/content/app-qr/android.svg', '120', '120']);
    expect(within(article).getByTestId('app-link-android').getAttribute('href')).toBe('https://example.com/app.apk');
    expect(within(within(article).getByTestId('app-platform-android')).getAllByRole('listitem')).toHaveLength(4);
    expect(within(article).getByTestId('app-qr-lite')).toBeTruthy();
  });

  it('says so when no app is offered', async () => {
    stubHelp();
    renderApp('/help#app');
    expect(await screen.findByTestId('app-none', {}, LOAD)).toBeTruthy();
  });
});
