import type { erpSupplies } from '@sportello/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '../../../shared/api/api-client';
import { supplyLine, useSupplyLines } from './bill-supply';

// The supplies' answer, given when the test says so.
let answerSupplies: (data: { supplies: erpSupplies.Supply[] }) => void = () => undefined;
vi.mock('../../../shared/api/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  callApi: () => new Promise((resolve) => (answerSupplies = resolve)),
}));

const supply = (id: string, contractId: string, commodity: erpSupplies.Supply['commodity']) =>
  ({
    id,
    contract: { id: contractId, key: `K${contractId}`, number: contractId },
    commodity,
    nickname: 'Casa',
    address: { address: 'Via Roma 1', postalCode: '00100', locality: 'Roma', province: 'RM' },
  }) as erpSupplies.Supply;

describe('supplyLine', () => {
  const supplies = [supply('1', '10', 'electricity'), supply('2', '20', 'gas')];

  it('tells two supplies called alike apart by their commodity', () => {
    expect(supplyLine(supplies, '10')).toBe('Luce · Casa');
    expect(supplyLine(supplies, '20')).toBe('Gas · Casa');
  });

  it('names nothing for a contract whose supplies it does not know', () => {
    expect(supplyLine(supplies, '30')).toBeNull();
  });
});

describe('useSupplyLines', () => {
  it('is null while the supplies load, so a list of bills waits for their lines (no layout shift)', async () => {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useSupplyLines('K10'), { wrapper });
    expect(result.current).toBeNull();
    await act(async () => answerSupplies({ supplies: [supply('1', '10', 'electricity')] }));
    await vi.waitFor(() => expect(result.current).not.toBeNull());
    expect(result.current?.('10')).toBe('Luce · Casa');
  });
});
