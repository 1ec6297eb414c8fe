import type { erpInvoices } from '@sportello/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setModules } from '../../../shared/state/app-store';
import { PayTogether } from './pay-together';

type Invoice = erpInvoices.Invoice;

const bill = (id: string, way: Invoice['toPay']['way'], yoursCents: number) =>
  ({ id, toPay: { way, yoursCents } }) as Invoice;

function show(payable: Invoice[], all: Invoice[]) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PayTogether payable={payable} all={all} count={all.length} />
    </QueryClientProvider>,
  );
}

describe('the dashboard’s one payment for several bills', () => {
  beforeEach(() => setModules(['pay']));
  afterEach(cleanup);

  it('says "Paga tutto" only when it pays every bill the card counts', () => {
    const bills = [bill('1', 'pay', 10_000), bill('2', 'pay', 2_050)];
    show(bills, bills);
    expect(screen.getByRole('button').textContent).toMatch(/^Paga tutto \(120,50\s€\)$/);
  });

  it('names how many it pays and why a bill in installments or waiting for confirmation is left out', () => {
    const payable = [bill('1', 'pay', 10_000), bill('2', 'pay', 2_050)];
    show(payable, [...payable, bill('3', 'installments', 5_678), bill('4', 'pending', 1_000)]);
    expect(screen.getByRole('button').textContent).not.toMatch(/Paga tutto/);
    expect(screen.getByRole('button').textContent).toMatch(/^Paga 2 bollette/);
    expect(
      screen.getByText('Le bollette in rate si pagano una rata alla volta, dalla loro riga.'),
    ).toBeTruthy();
    expect(screen.getAllByText(/./, { selector: 'p.card__muted' })).toHaveLength(2);
  });
});
