import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, stubApi, type ApiCall } from '../../../../test/fake-api.ts';
import { memberFixture } from '../../../../test/fixtures.ts';
import { ContractKindPage } from '../routes/contract-kind-page.tsx';
import { contractFixture, flagsFixture, overviewFixture } from '../test/fixtures.ts';
import { renderAgentPage } from '../test/render-agent-page.tsx';

/** Issue 20: the offer form shows and checks the server's limit per tier, and drops stale messages. */
const offers = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST' && call.path === '/api/agent/contracts/offers');
// The agent's own daily contract: 0,5 % from the start, 1 % from R$ 10.000,00 and 5 active members.
const LIMITS = { maxTiers: 3, maxRate: '1', tiers: contractFixture().tiers };

function fillTier(index: number, values: { minValidBet: string; minActive: string; rate: string }) {
  fireEvent.change(screen.getByTestId(`tier-${index}-minValidBet`), { target: { value: values.minValidBet } });
  fireEvent.change(screen.getByTestId(`tier-${index}-minActive`), { target: { value: values.minActive } });
  fireEvent.change(screen.getByTestId(`tier-${index}-rate`), { target: { value: values.rate } });
}

function stub(post: ApiCall['body'] | ((call: ApiCall) => unknown)) {
  return stubApi({
    'GET /api/member/info': memberFixture({ account: 'agenta', type: 1 }),
    'GET /api/agent/contracts/flags': flagsFixture(),
    'GET /api/agent/contracts': overviewFixture({ limits: LIMITS }),
    'POST /api/agent/contracts/offers': post as never,
  });
}

describe('offer form limits per tier', () => {
  it('shows the ceiling of each tier and refuses a rate above it without asking the server', async () => {
    const calls = stub((call: ApiCall) => ({ contract: contractFixture({ id: 'c-9', downline: 'agentb', upline: 'agenta', status: 'offered', tiers: (call.body as { tiers: Record<string, string>[] }).tiers }) }));
    renderAgentPage(<ContractKindPage kind="daily" />);
    const form = await screen.findByTestId('offer-form');
    expect(within(form).getByTestId('offer-rules').textContent).toContain('no máximo a sua própria taxa no nível');
    expect(within(form).getAllByTestId('tier-row')).toHaveLength(2);
    fireEvent.change(within(form).getByTestId('offer-downline'), { target: { value: 'agentb' } });
    fillTier(0, { minValidBet: '0', minActive: '0', rate: '0,8' });
    expect(screen.getByTestId('tier-0-ceiling').textContent).toBe('Com estes limites: até 0,5%.');
    fireEvent.click(screen.getByTestId('offer-submit'));
    expect((await screen.findByTestId('tier-0-rate-error')).textContent).toBe('Neste nível, no máximo 0,5%.');
    expect(offers(calls)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('tier-0-rate'), { target: { value: '0,5' } });

    // A second tier reaching the agent's own second level may pay up to 1 %.
    fireEvent.click(screen.getByTestId('offer-add-tier'));
    fillTier(1, { minValidBet: '10000', minActive: '5', rate: '1' });
    expect(screen.getByTestId('tier-1-ceiling').textContent).toBe('Com estes limites: até 1%.');
    fireEvent.click(screen.getByTestId('offer-submit'));
    await screen.findByTestId('offer-sent');
    expect(offers(calls)).toHaveLength(1);
  });

  it("clears the server's refusal as soon as a field changes", async () => {
    stub(apiError(400, 'agents.rate_above_upline', { tier: 0, field: 'rate', uplineRate: '0.5' }));
    renderAgentPage(<ContractKindPage kind="daily" />);
    fireEvent.change(await screen.findByTestId('offer-downline'), { target: { value: 'agentb' } });
    fillTier(0, { minValidBet: '0', minActive: '0', rate: '0,5' });
    fireEvent.click(screen.getByTestId('offer-submit'));
    await waitFor(() => expect(screen.getByTestId('offer-error').textContent).toContain('(nível 1)'));
    fireEvent.change(screen.getByTestId('tier-0-rate'), { target: { value: '0,4' } });
    expect(screen.queryByTestId('offer-error')).toBeNull();
  });
});
