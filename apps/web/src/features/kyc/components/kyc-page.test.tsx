import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { KycStatus } from '@app/contracts';
import { stubApi } from '../../../test/fake-api.ts';
import { memberFixture } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const LOAD = { timeout: 5000 };

function status(overrides: Partial<KycStatus>): KycStatus {
  return { state: 'unverified', documentType: null, submittedAt: null, decidedAt: null, rejectReason: null, rejectNote: null, draft: [], withdrawalThreshold: '2000.00', ...overrides };
}

afterEach(() => sessionStorage.clear());

describe('the KYC page', () => {
  it('shows a refusal with its translated reason and the operator’s note, and asks for the files again', async () => {
    sessionStorage.setItem('token', 'tok-1');
    stubApi({
      'GET /api/member/info': memberFixture(),
      'GET /api/kyc': status({ state: 'rejected', documentType: 'cnh', submittedAt: '2026-11-29T12:00:00.000Z', decidedAt: '2026-11-29T13:00:00.000Z', rejectReason: 'selfie_mismatch', rejectNote: '<b>Rosto</b> coberto' }),
    });
    renderApp('/kyc');
    expect((await screen.findByTestId('kyc-state', {}, LOAD)).getAttribute('data-state')).toBe('rejected');
    expect(screen.getByTestId('kyc-reject-reason').textContent).toContain('a selfie não corresponde à foto do documento');
    // The note is text, never markup.
    expect(screen.getByTestId('kyc-reject-note').textContent).toBe(' — <b>Rosto</b> coberto');
    expect(screen.getByTestId('kyc-upload')).toBeTruthy();
    // CNH: front, back and selfie; nothing chosen yet, so nothing to send.
    expect(screen.getByTestId('kyc-slot-document_back')).toBeTruthy();
    expect((screen.getByTestId('kyc-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/acima de R\$ 2\.000,00/)).toBeTruthy();
  });

  it('offers nothing to send once verified', async () => {
    sessionStorage.setItem('token', 'tok-1');
    stubApi({ 'GET /api/member/info': memberFixture(), 'GET /api/kyc': status({ state: 'verified', documentType: 'passport', decidedAt: '2026-11-29T13:00:00.000Z' }) });
    renderApp('/kyc');
    expect((await screen.findByTestId('kyc-state', {}, LOAD)).getAttribute('data-state')).toBe('verified');
    expect(screen.queryByTestId('kyc-upload')).toBeNull();
  });
});
