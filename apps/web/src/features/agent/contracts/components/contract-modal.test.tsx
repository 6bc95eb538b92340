import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, type ApiCall } from '../../../../test/fake-api.ts';
import { memberFixture } from '../../../../test/fixtures.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { contractFixture } from '../test/fixtures.ts';

const LOAD = { timeout: 5000 };
const offer = contractFixture({ id: 'c-7', upline: 'agenta', downline: 'agentb', status: 'offered', decidedAt: null });
const decisions = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST' && call.path.endsWith('/decision'));
const pendingReads = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/agent/contracts/pending');

function stubMember(type: number, answer: (call: ApiCall) => unknown = () => ({ contract: { ...offer, status: 'active' } })) {
  sessionStorage.setItem('token', 'tok-b');
  let answered = false;
  return stubApi({
    'GET /api/member/info': memberFixture({ account: 'agentb', type }),
    'GET /api/agent/contracts/pending': () => ({ offers: answered ? [] : [offer] }),
    'POST /api/agent/contracts/c-7/decision': async (call: ApiCall) => {
      // Slow enough for a second click to land while the first is on its way.
      await new Promise((resolve) => setTimeout(resolve, 30));
      answered = true;
      return answer(call);
    },
  });
}

describe('contract modal (spec §2 modals)', { timeout: 20_000 }, () => {
  it('lists a pending offer with its tiers; a double click on accept sends one decision', async () => {
    const calls = stubMember(1);
    renderApp('/');
    const modal = await screen.findByTestId('modal-contract', {}, LOAD);
    expect(within(modal).getByRole('heading', { name: 'Salário diário: oferta de agenta' })).toBeTruthy();
    expect(within(modal).getAllByTestId('tier-row')).toHaveLength(2);
    expect(within(modal).getByTestId('offer-tiers').textContent).toContain('R$\u00a010.000,00');

    const accept = within(modal).getByTestId('offer-accept');
    // Both clicks land before React re-renders (as a fast double click can): the button is still enabled.
    act(() => {
      accept.click();
      accept.click();
    });
    await within(modal).findByTestId('contract-answered');
    expect(decisions(calls)).toHaveLength(1);
    expect(decisions(calls)[0]?.body).toEqual({ decision: 'accept' });
    expect(within(modal).getByTestId('contract-answered').textContent).toBe('Salário diário: oferta aceita. O contrato já está em vigor.');

    fireEvent.click(within(modal).getByTestId('contract-modal-done'));
    expect(screen.queryByTestId('modal-contract')).toBeNull();
  });

  it('closes with its X only (not a backdrop click) and stays closed for those offers this session', async () => {
    stubMember(1);
    const first = renderApp('/');
    const modal = await screen.findByTestId('modal-contract', {}, LOAD);
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'));
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByTestId('modal-contract')).toBeTruthy();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.click(within(modal).getByTestId('modal-close'));
    expect(screen.queryByTestId('modal-contract')).toBeNull();
    first.unmount();

    const calls = stubMember(1);
    renderApp('/');
    await waitFor(() => expect(pendingReads(calls).length).toBeGreaterThan(0), LOAD);
    expect(screen.queryByTestId('modal-contract')).toBeNull();
  });

  it('never asks for a trial account or a visitor', async () => {
    const trial = stubMember(4);
    const first = renderApp('/');
    await screen.findByTestId('app-shell', {}, LOAD);
    await waitFor(() => expect(trial.some((call) => call.path === '/api/member/info')).toBe(true));
    expect(pendingReads(trial)).toHaveLength(0);
    expect(screen.queryByTestId('modal-contract')).toBeNull();
    first.unmount();

    sessionStorage.clear();
    const visitor = stubApi({});
    renderApp('/');
    await screen.findByTestId('app-shell', {}, LOAD);
    expect(pendingReads(visitor)).toHaveLength(0);
    expect(screen.queryByTestId('modal-contract')).toBeNull();
  });
});
