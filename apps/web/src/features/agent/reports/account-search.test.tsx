import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DownlinePage } from '@app/contracts';
import { renderApp } from '../../../test/render-app.tsx';
import { downlineFixture, stubAgentApi } from './agent-test-fixtures.ts';

const LOAD = { timeout: 5000 };
const PAGE: DownlinePage = { content: [downlineFixture()], pageNum: 1, total: 1, totalPages: 1 };

describe('account search of the agent reports', () => {
  it('refuses a name longer than the server takes, clears the message on typing, and searches the trimmed name', async () => {
    const calls = stubAgentApi({ 'GET /api/agent/downlines': PAGE });
    renderApp('/agentHome?tab=downlineManagmentView');
    const search = await screen.findByTestId('downline-search', {}, LOAD);
    await screen.findByTestId('downline-table', {}, LOAD);

    fireEvent.change(search, { target: { value: 'a'.repeat(33) } });
    fireEvent.click(screen.getByTestId('downline-search-submit'));
    expect((await screen.findByTestId('downline-search-error')).textContent).toContain('32');
    expect(calls.some((call) => call.query.get('search') === 'a'.repeat(33))).toBe(false);

    fireEvent.change(search, { target: { value: '  ana01  ' } });
    expect(screen.queryByTestId('downline-search-error')).toBeNull();
    fireEvent.click(screen.getByTestId('downline-search-submit'));
    await waitFor(() => expect(calls.at(-1)?.query.get('search')).toBe('ana01'));
  });
});
