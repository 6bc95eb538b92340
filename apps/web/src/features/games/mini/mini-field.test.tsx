import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MiniField, MiniSelect, StakeField } from './mini-field.tsx';

describe('MiniField', () => {
  it('is described by its hint, then by its error in place of the hint', () => {
    const onValueChange = vi.fn();
    const { rerender } = render(<MiniField id="target" testId="target" label="Target" value="2" onValueChange={onValueChange} disabled={false} error={null} hint="From 1.01" suffix="×" />);
    const input = screen.getByLabelText('Target');
    expect(input.getAttribute('aria-describedby')).toBe('target-message');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(input, { target: { value: '3' } });
    expect(onValueChange).toHaveBeenCalledWith('3');
    rerender(<MiniField id="target" testId="target" label="Target" value="x" onValueChange={onValueChange} disabled={false} error="Not a number" hint="From 1.01" />);
    expect(screen.getByTestId('target-error').textContent).toBe('Not a number');
    expect(screen.getByTestId('target').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('From 1.01')).toBeNull();
  });

  it('without a hint is described only while it has an error', () => {
    render(<MiniField id="amount" testId="amount" label="Amount" value="" onValueChange={() => undefined} disabled={false} error={null} />);
    expect(screen.getByTestId('amount').getAttribute('aria-describedby')).toBeNull();
  });
});

describe('StakeField', () => {
  it('halves and doubles through the stake control, and is disabled as a whole', () => {
    const stake = { amountText: '2,00', setAmountText: vi.fn(), halve: vi.fn(), double: vi.fn() };
    const labels = { field: 'Stake', half: 'Half', double: 'Double' };
    const { rerender } = render(<StakeField id="mini-amount" stake={stake} labels={labels} disabled={false} error={null} />);
    fireEvent.click(screen.getByTestId('mini-amount-half'));
    fireEvent.click(screen.getByTestId('mini-amount-double'));
    expect(stake.halve).toHaveBeenCalledOnce();
    expect(stake.double).toHaveBeenCalledOnce();
    expect((screen.getByTestId('mini-amount') as HTMLInputElement).value).toBe('2,00');
    rerender(<StakeField id="mini-amount" stake={stake} labels={labels} disabled error={null} />);
    expect((screen.getByRole('button', { name: 'Half' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('mini-amount') as HTMLInputElement).disabled).toBe(true);
  });
});

describe('MiniSelect', () => {
  it('gives back the option value with its own type', () => {
    const onValueChange = vi.fn();
    render(<MiniSelect id="rows" label="Rows" value={8} options={[8, 12, 16].map((count) => ({ value: count, label: String(count) }))} onValueChange={onValueChange} disabled={false} />);
    fireEvent.change(screen.getByTestId('rows'), { target: { value: '12' } });
    expect(onValueChange).toHaveBeenCalledWith(12);
  });
});
