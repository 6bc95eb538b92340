import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, stubApi, type ApiCall } from '../../../../test/fake-api.ts';
import { memberFixture } from '../../../../test/fixtures.ts';
import { ContractKindPage } from '../routes/contract-kind-page.tsx';
import { contractFixture, flagsFixture, overviewFixture } from '../test/fixtures.ts';
import { renderAgentPage } from '../test/render-agent-page.tsx';

const offers = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST' && call.path === '/api/agent/contracts/offers');

function fillTier(index: number, values: { minValidBet: string; minActive: string; rate: string }) {
  fireEvent.change(screen.getByTestId(`tier-${index}-minValidBet`), { target: { value: values.minValidBet } });
  fireEvent.change(screen.getByTestId(`tier-${index}-minActive`), { target: { value: values.minActive } });
  fireEvent.change(screen.getByTestId(`tier-${index}-rate`), { target: { value: values.rate } });
}

describe('offer form', () => {
  it('refuses rates that do not go up (and rates above the maximum) without asking the server', async () => {
    const calls = stubApi({
      'GET /api/member/info': memberFixture({ account: 'agenta', type: 1 }),
      'GET /api/agent/contracts/flags': flagsFixture(),
      'GET /api/agent/contracts': overviewFixture(),
      'POST /api/agent/contracts/offers': (call: ApiCall) => ({ contract: contractFixture({ id: 'c-9', downline: 'agentb', upline: 'agenta', status: 'offered', tiers: (call.body as { tiers: Record<string, string>[] }).tiers }) }),
    });
    renderAgentPage(<ContractKindPage kind="daily" />);
    const form = await screen.findByTestId('offer-form');
    fireEvent.change(within(form).getByTestId('offer-downline'), { target: { value: 'agentb' } });
    fillTier(0, { minValidBet: '0', minActive: '0', rate: '0,5' });
    fireEvent.click(screen.getByTestId('offer-add-tier'));
    fillTier(1, { minValidBet: '1000', minActive: '2', rate: '0,5' });
    fireEvent.click(screen.getByTestId('offer-submit'));

    expect((await screen.findByTestId('tier-1-rate-error')).textContent).toBe('Deve ser maior que no nível anterior.');
    expect(screen.getByTestId('offer-problems')).toBeTruthy();
    expect(offers(calls)).toHaveLength(0);

    // Above the agent's own maximum (1 %): refused too.
    fireEvent.change(screen.getByTestId('tier-1-rate'), { target: { value: '1,5' } });
    fireEvent.click(screen.getByTestId('offer-submit'));
    // The error element from the first submit is still on screen: wait for its text to change, not for it to exist.
    await waitFor(() => expect(screen.getByTestId('tier-1-rate-error').textContent).toBe('Não pode passar de 1%.'));
    expect(offers(calls)).toHaveLength(0);

    // A threshold going down is refused as well.
    fireEvent.change(screen.getByTestId('tier-1-rate'), { target: { value: '0,8' } });
    fireEvent.change(screen.getByTestId('tier-1-minValidBet'), { target: { value: '0' } });
    fireEvent.change(screen.getByTestId('tier-0-minValidBet'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('offer-submit'));
    expect((await screen.findByTestId('tier-1-minValidBet-error')).textContent).toBe('Não pode ser menor que no nível anterior.');
    expect(offers(calls)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('tier-1-minValidBet'), { target: { value: '1000' } });
    fireEvent.click(screen.getByTestId('offer-submit'));
    await screen.findByTestId('offer-sent');
    expect(offers(calls)).toHaveLength(1);
    const body = offers(calls)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      kind: 'daily',
      downline: 'agentb',
      confirmReplace: false,
      tiers: [
        { minValidBet: '10.00', minActive: 0, rate: '0.5' },
        { minValidBet: '1000.00', minActive: 2, rate: '0.8' },
      ],
    });
    expect(body.requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('asks to confirm replacing a contract in force, then resends with confirmReplace', async () => {
    const active = contractFixture({ id: 'c-5', upline: 'agenta', downline: 'agentb', tiers: [{ minValidBet: '0.00', minActive: 0, rate: '0.3' }] });
    const calls = stubApi({
      'GET /api/member/info': memberFixture({ account: 'agenta', type: 1 }),
      'GET /api/agent/contracts/flags': flagsFixture(),
      'GET /api/agent/contracts': overviewFixture({ downlines: [{ account: 'agentb', nickname: '', active, pending: null }] }),
      'POST /api/agent/contracts/offers': (call: ApiCall) =>
        (call.body as { confirmReplace: boolean }).confirmReplace
          ? { contract: contractFixture({ id: 'c-6', upline: 'agenta', downline: 'agentb', status: 'offered', version: 2, replaces: 'c-5' }) }
          : apiError(409, 'agents.replace_unconfirmed'),
    });
    renderAgentPage(<ContractKindPage kind="daily" />);
    // The row's button chooses the downline and starts from its contract in force.
    fireEvent.click(await screen.findByTestId('downline-offer'));
    expect((screen.getByTestId('tier-0-rate') as HTMLInputElement).value).toBe('0.3');
    fireEvent.change(screen.getByTestId('tier-0-rate'), { target: { value: '0,4' } });
    fireEvent.click(screen.getByTestId('offer-submit'));

    const dialog = await screen.findByTestId('offer-replace-confirm');
    expect(dialog.textContent).toContain('agentb já tem um contrato deste tipo em vigor');
    expect(screen.queryByTestId('offer-error')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));

    await screen.findByTestId('offer-sent');
    expect(screen.queryByTestId('offer-replace-confirm')).toBeNull();
    const sent = offers(calls).map((call) => call.body as { confirmReplace: boolean; requestId: string; tiers: unknown });
    expect(sent.map((body) => body.confirmReplace)).toEqual([false, true]);
    expect(sent[1]?.tiers).toEqual([{ minValidBet: '0.00', minActive: 0, rate: '0.4' }]);
    expect(sent[1]?.requestId).not.toBe(sent[0]?.requestId);
  });

  it('shows the server’s refusal in words, naming the tier', async () => {
    stubApi({
      'GET /api/member/info': memberFixture({ account: 'agenta', type: 1 }),
      'GET /api/agent/contracts/flags': flagsFixture(),
      'GET /api/agent/contracts': overviewFixture(),
      'POST /api/agent/contracts/offers': apiError(400, 'agents.rate_above_upline', { tier: 1, field: 'rate', uplineRate: '0.5' }),
    });
    renderAgentPage(<ContractKindPage kind="daily" />);
    fireEvent.change(await screen.findByTestId('offer-downline'), { target: { value: 'agentb' } });
    fillTier(0, { minValidBet: '0', minActive: '0', rate: '0.5' });
    fireEvent.click(screen.getByTestId('offer-add-tier'));
    fillTier(1, { minValidBet: '5000', minActive: '1', rate: '0.9' });
    fireEvent.click(screen.getByTestId('offer-submit'));
    await waitFor(() => expect(screen.getByTestId('offer-error').textContent).toBe('Uma taxa não pode ser maior que a sua própria taxa no mesmo nível. (nível 2)'));
  });
});
