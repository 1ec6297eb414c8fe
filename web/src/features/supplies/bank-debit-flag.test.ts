import type { erpSupplies } from '@sportello/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { bankDebitChange, forgetBankDebitRequest, rememberBankDebitRequest } from './bank-debit-flag';

const request = (
  id: number,
  Status: string,
  CreatedDate: string,
  requestType = 'GestioneSDD',
): erpSupplies.RequestTicket => ({
  id,
  key: `R${id}`,
  requestType,
  Status,
  PhaseCode: null,
  CreatedDate,
  contractId: '1',
  description: null,
});

describe('bank-debit change in progress (SPEC §4)', () => {
  beforeEach(() => window.localStorage.clear());

  it('is free with no requests and no flag', () => {
    expect(bankDebitChange('C1', [])).toEqual({ inProgress: false, flagServed: false });
  });

  it('follows the latest GestioneSDD request: open blocks, Chiuso frees', () => {
    const closed = request(1, 'Chiuso', '2026-01-01T10:00:00Z');
    const open = request(2, 'Aperto', '2026-02-01T10:00:00Z');
    expect(bankDebitChange('C1', [closed, open]).inProgress).toBe(true);
    expect(bankDebitChange('C1', [open, { ...closed, CreatedDate: '2026-03-01T10:00:00Z' }]).inProgress).toBe(
      false,
    );
  });

  it('ignores other request types', () => {
    expect(
      bankDebitChange('C1', [request(1, 'Aperto', '2026-01-01T10:00:00Z', 'Var_Anagrafica')]).inProgress,
    ).toBe(false);
  });

  it('is in progress from the local flag before the server lists the request', () => {
    rememberBankDebitRequest('C1', 42);
    expect(bankDebitChange('C1', [])).toEqual({ inProgress: true, flagServed: false });
    // Per contract key: another contract is not affected.
    expect(bankDebitChange('C2', []).inProgress).toBe(false);
  });

  it('lets the server decide once it lists the flagged request', () => {
    rememberBankDebitRequest('C1', 42);
    const listedOpen = [request(42, 'Aperto', '2026-02-01T10:00:00Z')];
    expect(bankDebitChange('C1', listedOpen)).toEqual({ inProgress: true, flagServed: true });
    const listedClosed = [request(42, 'Chiuso', '2026-02-01T10:00:00Z')];
    expect(bankDebitChange('C1', listedClosed)).toEqual({ inProgress: false, flagServed: true });
    forgetBankDebitRequest('C1');
    expect(bankDebitChange('C1', []).inProgress).toBe(false);
  });
});
