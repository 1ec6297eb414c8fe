// Registration calls are made from logged-out pages, which paint before the guest session exists
// (ADR 006): each call waits for it first. A refusal shows its popup in the api client.
import type { Call } from '@sportello/contract';
import { callApi, type CallInput, type CallOptions } from '../../../shared/api/api-client';
import { ensureSession } from '../../../shared/session/session-lifecycle';

export async function send<C extends Call>(call: C, input: CallInput<C>, options?: CallOptions) {
  await ensureSession();
  return callApi(call, input, options);
}
