// A `stepUp` call refused with step_up_required opens the step-up (ADR 038) and is sent again, once,
// with the same body; given up, it is refused quietly, without the popup.
import { erpSupplies, MESSAGES } from '@sportello/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure, callApi } from './api-client';
import { connectStepUp } from './step-up-port';
import { usePopupStore } from '../ui/popup-store';

const code = 'step_up_required';
const refused = () =>
  new Response(
    JSON.stringify({ success: false, message: MESSAGES[code], errors: [{ code, message: MESSAGES[code] }] }),
    { status: 403 },
  );
const served = () => new Response(JSON.stringify({ success: true, data: { id: 1, key: 'REQ-1' } }));

const body = {
  contractKey: 'CTR-1',
  operation: 'change' as const,
  iban: 'IT60X0542811101000000123456',
  holderName: 'Mario Rossi',
};

describe('step-up asked by the server', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    connectStepUp(() => Promise.resolve(false));
  });

  it('sends the same call again once the step-up is passed', async () => {
    const fetch = vi.fn().mockResolvedValueOnce(refused()).mockResolvedValueOnce(served());
    vi.stubGlobal('fetch', fetch);
    const ask = vi.fn(() => Promise.resolve(true));
    connectStepUp(ask);
    await expect(callApi(erpSupplies.requestBankAccountChange, { body })).resolves.toEqual({
      id: 1,
      key: 'REQ-1',
    });
    expect(ask).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    const sent = fetch.mock.calls.map((call) => JSON.parse(String((call[1] as RequestInit).body)));
    expect(sent[1]).toEqual(sent[0]);
  });

  it('refuses quietly when the person gives up, and asks only once', async () => {
    const fetch = vi.fn(() => Promise.resolve(refused()));
    vi.stubGlobal('fetch', fetch);
    connectStepUp(() => Promise.resolve(false));
    await expect(callApi(erpSupplies.requestBankAccountChange, { body })).rejects.toBeInstanceOf(ApiFailure);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(usePopupStore.getState().queue).toEqual([]);
  });
});
