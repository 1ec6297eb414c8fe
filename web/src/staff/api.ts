// The console's one way to the server (ADR 041): the contract's staff calls, the `staffSessionId`
// header from this tab's storage (gone with the tab; never the customers' `sessionId`), answers parsed
// with the call's schema, refusals as StaffFailure with the server's Italian message.
import { failureSchema, fillPath, HTTP_TIMEOUT_MS } from '@sportello/contract';
import type { ApiError, Call, CallBody, CallData, CallParams, CallQuery } from '@sportello/contract';
import { t } from './i18n';

const STORAGE_KEY = 'sportello.staffSessionId';

export const staffSessionId = {
  get: (): string | null => sessionStorage.getItem(STORAGE_KEY),
  set: (id: string) => sessionStorage.setItem(STORAGE_KEY, id),
  clear: () => sessionStorage.removeItem(STORAGE_KEY),
};

export class StaffFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: readonly ApiError[] = [],
  ) {
    super(message);
    this.name = 'StaffFailure';
  }
}

export async function staffApi<C extends Call>(
  call: C,
  input: { params?: CallParams<C>; query?: CallQuery<C>; body?: CallBody<C> } = {},
): Promise<CallData<C>> {
  const path = fillPath(call.path, (input.params ?? {}) as Record<string, string | number>);
  const search = new URLSearchParams(
    Object.entries((input.query ?? {}) as Record<string, unknown>).map(([k, v]): [string, string] => [
      k,
      String(v),
    ]),
  ).toString();
  const headers: Record<string, string> = { accept: 'application/json' };
  const id = staffSessionId.get();
  if (id) headers.staffSessionId = id;
  const hasBody = call.method === 'POST' || call.method === 'PUT';
  if (hasBody) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(search ? `${path}?${search}` : path, {
      method: call.method,
      headers,
      body: hasBody ? JSON.stringify({ request: input.body ?? {} }) : undefined,
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch {
    throw new StaffFailure(0, t('staffConsole.error'));
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const failure = failureSchema.safeParse(body);
    if (response.status === 401) staffSessionId.clear();
    throw failure.success
      ? new StaffFailure(response.status, failure.data.message, failure.data.errors)
      : new StaffFailure(response.status, t('staffConsole.error'));
  }
  const data = call.response.safeParse((body as { data?: unknown } | null)?.data);
  if (!data.success) throw new StaffFailure(500, t('staffConsole.error'));
  return data.data as CallData<C>;
}
