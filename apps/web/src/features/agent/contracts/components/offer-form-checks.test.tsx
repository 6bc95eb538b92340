import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, type ApiCall } from '../../../../test/fake-api.ts';
import { memberFixture } from '../../../../test/fixtures.ts';
import { ContractKindPage } from '../routes/contract-kind-page.tsx';
import { flagsFixture, overviewFixture } from '../test/fixtures.ts';
import { renderAgentPage } from '../test/render-agent-page.tsx';

const offers = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST' && call.path === '/api/agent/contracts/offers');

describe('offer form checks', () => {
  it('asks for a downline and the empty tier fields together, and lets go of each message when it no longer applies', async () => {
    const calls = stubApi({
      'GET /api/member/info': memberFixture({ account: 'agenta', type: 1 }),
      'GET /api/agent/contracts/flags': flagsFixture(),
      'GET /api/agent/contracts': overviewFixture(),
    });
    renderAgentPage(<ContractKindPage kind="daily" />);
    const form = await screen.findByTestId('offer-form');
    fireEvent.click(screen.getByTestId('offer-add-tier'));
    fireEvent.click(screen.getByTestId('offer-submit'));

    expect(await screen.findByTestId('offer-downline-error')).toBeTruthy();
    expect(screen.getByTestId('tier-0-rate-error')).toBeTruthy();
    expect(screen.getByTestId('tier-1-minActive-error')).toBeTruthy();
    expect(screen.getByTestId('offer-problems')).toBeTruthy();
    expect(offers(calls)).toHaveLength(0);

    // Typing keeps the tier messages until the next attempt; choosing a downline drops its own.
    fireEvent.change(screen.getByTestId('tier-0-rate'), { target: { value: 'x0,5' } });
    expect((screen.getByTestId('tier-0-rate') as HTMLInputElement).value).toBe('0,5');
    expect(screen.getByTestId('tier-0-rate-error')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('offer-downline'), { target: { value: 'agentb' } });
    expect(screen.queryByTestId('offer-downline-error')).toBeNull();

    // Removing a tier clears the tier messages.
    fireEvent.click(screen.getByTestId('offer-remove-tier-1'));
    expect(screen.queryByTestId('offer-problems')).toBeNull();
    expect(screen.queryByTestId('tier-0-rate-error')).toBeNull();
    expect(screen.getAllByTestId('offer-tier')).toHaveLength(1);
    expect((screen.getByTestId('tier-0-rate') as HTMLInputElement).value).toBe('0,5');
  });
});
