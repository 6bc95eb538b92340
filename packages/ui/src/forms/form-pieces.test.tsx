import { fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { FormAlert, FormField, SubmitButton } from './form-pieces.tsx';

function NameForm({ onSend }: { onSend: (name: string) => void }) {
  const form = useForm<{ name: string }>({ defaultValues: { name: '' } });
  const send = form.handleSubmit(({ name }) => onSend(name));
  return (
    <form onSubmit={(event) => void send(event)} noValidate>
      <FormField
        label="Name"
        registration={form.register('name', { required: 'required' })}
        error={form.formState.errors.name}
        translateError={(key) => `translated:${key}`}
        errorTestId="field-error-name"
      />
      <SubmitButton pending={false}>Send</SubmitButton>
    </form>
  );
}

describe('FormField', () => {
  it('shows the translated error and marks the input invalid, described by the message', async () => {
    const onSend = vi.fn();
    render(<NameForm onSend={onSend} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const message = await screen.findByTestId('field-error-name');
    expect(message.textContent).toBe('translated:required');
    const input = screen.getByLabelText('Name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(message.id);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('passes what the user typed to the submit handler', async () => {
    const onSend = vi.fn();
    render(<NameForm onSend={onSend} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(onSend).toHaveBeenCalledWith('Ana'));
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
  });
});

describe('SubmitButton', () => {
  it('is a submit button, disabled and busy with the pending label while pending', () => {
    const { rerender } = render(<SubmitButton pending={false} pendingLabel="Sending…">Send</SubmitButton>);
    const button = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(button.type).toBe('submit');
    expect(button.disabled).toBe(false);
    rerender(<SubmitButton pending pendingLabel="Sending…">Send</SubmitButton>);
    const busy = screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
  });

  it('sends a double click once while the first is pending', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <SubmitButton pending>Send</SubmitButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Send' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('FormAlert', () => {
  it('draws an alert only when there is a message', () => {
    const { rerender } = render(<FormAlert message={null} data-testid="form-error" />);
    expect(screen.queryByTestId('form-error')).toBeNull();
    rerender(<FormAlert message="Refused" data-testid="form-error" />);
    expect(screen.getByRole('alert').textContent).toBe('Refused');
  });
});
