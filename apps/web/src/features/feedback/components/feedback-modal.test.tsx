import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FeedbackTicket } from '@app/contracts';
import { apiError, stubApi } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const LOAD = { timeout: 5000 };
const ticket: FeedbackTicket = { id: '9', number: '#1009', questionType: 'complaint', content: 'o depósito demorou muito hoje', contact: 'eu@example.com', status: 'open', replies: [], createdAt: '2026-11-29T12:00:00.000Z' };

afterEach(() => sessionStorage.clear());

async function openModal() {
  fireEvent.click(await screen.findByTestId('footer-feedback', {}, LOAD));
  return screen.findByTestId('modal-feedback', {}, LOAD);
}

describe('the feedback modal', () => {
  it('counts words live, refuses too few, sends once on a double click and shows the ticket number', async () => {
    sessionStorage.setItem('token', 'tok-1');
    const calls = stubApi({ 'GET /api/member/info': memberFixture(), 'POST /api/feedback': ticket });
    renderApp('/');
    await screen.findByTestId('user-menu', {}, LOAD);
    await openModal();
    const content = screen.getByTestId('feedback-content');
    fireEvent.change(content, { target: { value: 'curto demais' } });
    expect(screen.getByTestId('feedback-word-count').textContent).toContain('2 / 300 palavras');
    fireEvent.change(screen.getByTestId('feedback-contact'), { target: { value: 'eu@example.com' } });
    fireEvent.click(screen.getByTestId('feedback-submit'));
    expect((await screen.findByTestId('feedback-content-error')).textContent).toBe('Escreva pelo menos 5 palavras.');
    expect(calls.filter((call) => call.path === '/api/feedback')).toHaveLength(0);

    fireEvent.change(content, { target: { value: 'o depósito demorou muito hoje' } });
    fireEvent.click(screen.getByTestId('feedback-submit'));
    fireEvent.click(screen.getByTestId('feedback-submit'));
    expect((await screen.findByTestId('feedback-sent')).textContent).toContain('#1009');
    const posts = calls.filter((call) => call.method === 'POST' && call.path === '/api/feedback');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({ questionType: 'suggestion', content: 'o depósito demorou muito hoje', contact: 'eu@example.com' });
  });

  it("translates the server's refusal (too many this hour)", async () => {
    sessionStorage.setItem('token', 'tok-1');
    stubApi({ 'GET /api/member/info': memberFixture(), 'POST /api/feedback': apiError(429, 'feedback.rate_limited') });
    renderApp('/');
    await screen.findByTestId('user-menu', {}, LOAD);
    await openModal();
    fireEvent.change(screen.getByTestId('feedback-content'), { target: { value: 'uma duas três quatro cinco' } });
    fireEvent.change(screen.getByTestId('feedback-contact'), { target: { value: 'eu@example.com' } });
    fireEvent.click(screen.getByTestId('feedback-submit'));
    await waitFor(() => expect(screen.getByTestId('feedback-error').textContent).toContain('Você enviou vários feedbacks recentemente'));
  });

  it('asks a visitor to log in', async () => {
    stubApi({});
    renderApp('/');
    await openModal();
    expect(screen.queryByTestId('feedback-content')).toBeNull();
  });
});
