import type { erpSupplies } from '@sportello/contract';
import { describe, expect, it } from 'vitest';
import { supplyLine } from './bill-supply';

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
