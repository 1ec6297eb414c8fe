import { core, erpSupplies } from '@sportello/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callMutation, callQueryKey, callQueryOptions } from './call-query';

function answerWith(data: unknown) {
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ success: true, data }))));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('query options from a call', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keys a query by the call name and its input', () => {
    const options = callQueryOptions(erpSupplies.getSupply, { params: { id: '7' } });
    expect(options.queryKey).toEqual(['getSupply', { params: { id: '7' } }]);
    expect(callQueryKey(core.listModules)).toEqual(['listModules']);
  });

  it('fetches through the api client with path and query string', async () => {
    const fetch = answerWith([{ key: 'fatt' }]);
    const client = new QueryClient();
    await expect(client.fetchQuery(callQueryOptions(core.listModules))).resolves.toEqual([{ key: 'fatt' }]);
    const url = String(fetch.mock.calls[0]?.[0 as never]);
    expect(url).toBe('/services/rest/portalapi/Core/v1/modules');
  });
});

describe('mutation options from a call', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes the declared queries stale on success, and only those', async () => {
    const client = new QueryClient();
    const supply = callQueryKey(erpSupplies.getSupply, { params: { id: '7' } });
    const other = callQueryKey(erpSupplies.getSupply, { params: { id: '8' } });
    const offer = callQueryKey(erpSupplies.getOffer, { params: { id: '1' } });
    for (const key of [supply, other, offer]) client.setQueryData(key, {});
    answerWith({ id: 42, key: 'R42' });
    const seen: unknown[] = [];
    const mutation = client.getMutationCache().build(
      client,
      callMutation(erpSupplies.requestShippingAddress, {
        onSuccess: (created) => seen.push(created.id),
        // The answer and the input are both at hand to name what went stale.
        invalidates: (_created, input) => [
          callQueryKey(erpSupplies.getSupply, { params: { id: input.body?.contractKey } }),
        ],
      }),
    );
    await mutation.execute({ body: { contractKey: '7', shippingAddress: {} as never } });
    expect(seen).toEqual([42]);
    expect(client.getQueryState(supply)?.isInvalidated).toBe(true);
    expect(client.getQueryState(other)?.isInvalidated).toBe(false);
    expect(client.getQueryState(offer)?.isInvalidated).toBe(false);
  });

  it('makes every query of a call stale when the call itself is named', async () => {
    const client = new QueryClient();
    const first = callQueryKey(erpSupplies.getContract, { params: { id: '1' } });
    const second = callQueryKey(erpSupplies.getContract, { params: { id: '2' } });
    for (const key of [first, second]) client.setQueryData(key, {});
    answerWith({ id: 43, key: 'R43' });
    const mutation = client
      .getMutationCache()
      .build(
        client,
        callMutation(erpSupplies.requestShippingAddress, { invalidates: () => [erpSupplies.getContract] }),
      );
    await mutation.execute({ body: { contractKey: 'K', shippingAddress: {} as never } });
    expect(client.getQueryState(first)?.isInvalidated).toBe(true);
    expect(client.getQueryState(second)?.isInvalidated).toBe(true);
  });
});
