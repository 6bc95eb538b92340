import { fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { FilteredTextField, keepAmountCharacters, keepDigits } from './filtered-text-field.tsx';

function PinForm({ onSend }: { onSend: (pin: string) => void }) {
  const form = useForm<{ pin: string }>({ defaultValues: { pin: '' } });
  const send = form.handleSubmit(({ pin }) => onSend(pin));
  return (
    <form onSubmit={(event) => void send(event)} noValidate>
      <FilteredTextField label="PIN" registration={form.register('pin')} keep={keepDigits(6)} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('FilteredTextField', () => {
  it('keeps only what the filter lets through, in the input and in what is sent', async () => {
    const onSend = vi.fn();
    render(<PinForm onSend={onSend} />);
    const input = screen.getByLabelText('PIN') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12a3-45678' } });
    expect(input.value).toBe('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(onSend).toHaveBeenCalledWith('123456'));
  });
});

describe('filters', () => {
  it('keeps the characters of an amount, and digits up to a length', () => {
    expect(keepAmountCharacters('R$ 1.234,50x')).toBe('1.234,50');
    expect(keepDigits(3)('a1b2c3d4')).toBe('123');
  });
});
