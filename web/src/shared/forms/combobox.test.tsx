import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Combobox, type ComboboxOption } from './combobox';

const OPTIONS: ComboboxOption[] = [
  { id: '058091', label: 'Roma', detail: 'RM' },
  { id: '004193', label: 'Roccabruna', detail: 'CN' },
];

function Harness({ onSelect }: { onSelect: (option: ComboboxOption) => void }) {
  const [value, setValue] = useState('');
  return (
    <Combobox
      label="Comune"
      value={value}
      onInputChange={setValue}
      onSelect={(option) => {
        setValue(option.label);
        onSelect(option);
      }}
      options={value.length >= 2 ? OPTIONS : []}
      searchable={value.length >= 2}
      loading={false}
      texts={{ searching: 'Ricerca…', noResults: 'Nessun risultato', results: (n) => `${n} suggerimenti` }}
    />
  );
}

describe('Combobox (APG list autocomplete)', () => {
  afterEach(cleanup);

  it('opens on typing, moves with the arrows and picks with Enter', () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    const input = screen.getByRole('combobox', { name: 'Comune' });
    expect(input.getAttribute('aria-expanded')).toBe('false');

    fireEvent.change(input, { target: { value: 'Ro' } });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option')).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toBe('2 suggerimenti');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = input.getAttribute('aria-activedescendant');
    expect(active && document.getElementById(active)?.textContent).toBe('Roccabruna CN');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent).toBe(
      'Roma RM',
    );

    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith(OPTIONS[0]);
    expect((input as HTMLInputElement).value).toBe('Roma');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes with Escape and keeps the typed text', () => {
    render(<Harness onSelect={vi.fn()} />);
    const input = screen.getByRole('combobox', { name: 'Comune' });
    fireEvent.change(input, { target: { value: 'Roc' } });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('Roc');
  });

  it('picks an option with a click', () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    const input = screen.getByRole('combobox', { name: 'Comune' });
    fireEvent.change(input, { target: { value: 'Ro' } });
    fireEvent.click(screen.getByRole('option', { name: 'Roccabruna CN' }));
    expect(onSelect).toHaveBeenCalledWith(OPTIONS[1]);
  });
});
