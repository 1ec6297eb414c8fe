import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { formSubmit } from './form-submit';
import { requiredText } from './rules';
import { TextField } from './text-field';
import { useSchemaForm } from './use-schema-form';

const schema = z.object({
  first: requiredText(20, 'Nome obbligatorio'),
  second: requiredText(20, 'Cognome obbligatorio'),
});

function Harness({ onValid }: { onValid: (values: z.output<typeof schema>) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(schema, { first: '', second: '' });
  // The second field registers first (as a combobox does): focus must still go to the first on the page.
  const second = register('second');
  return (
    <form noValidate onSubmit={formSubmit(handleSubmit, onValid)}>
      <TextField label="Nome" error={errors.first?.message} {...register('first')} />
      <TextField label="Cognome" error={errors.second?.message} {...second} />
      <button type="submit">Invia</button>
    </form>
  );
}

describe('useSchemaForm', () => {
  afterEach(cleanup);

  it('checks nothing before the first submit, then on every change, and sends the schema output', async () => {
    const onValid = vi.fn();
    render(<Harness onValid={onValid} />);
    const first = screen.getByRole('textbox', { name: /Nome/ });
    const second = screen.getByRole('textbox', { name: /Cognome/ });

    // Typing then clearing before any submit shows no message.
    fireEvent.change(first, { target: { value: 'A' } });
    fireEvent.change(first, { target: { value: '' } });
    await act(async () => {});
    expect(screen.queryByText('Nome obbligatorio')).toBeNull();

    // A refused submit shows every message and focuses the first invalid field in reading order
    // (formSubmit's job: react-hook-form's own focus, by registration order, is off).
    fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    await screen.findByText('Nome obbligatorio');
    expect(screen.getByText('Cognome obbligatorio')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(onValid).not.toHaveBeenCalled();

    // After it, a change is checked at once.
    fireEvent.change(second, { target: { value: ' Rossi ' } });
    await waitFor(() => expect(screen.queryByText('Cognome obbligatorio')).toBeNull());
    fireEvent.change(first, { target: { value: ' Anna' } });
    await waitFor(() => expect(screen.queryByText('Nome obbligatorio')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    // The schema's output: trimmed.
    expect(onValid.mock.calls[0]?.[0]).toEqual({ first: 'Anna', second: 'Rossi' });
  });
});
