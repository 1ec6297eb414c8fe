// The one way the web talks to the server: sessionId header, 15 s timeout, `{ request }` bodies,
// answers parsed with the call's schema, and the HTTP status mapping of SPEC §8 in one place.
import { failureSchema, fillPath, HTTP_TIMEOUT_MS } from '@sportello/contract';
import type { ApiError, Call, CallBody, CallData, CallParams, CallQuery } from '@sportello/contract';
import { t } from '../i18n';
import { appState, setFlashMessage } from '../state/app-store';
import { endSessionLocally } from './session-end';
import { showPopup } from '../ui/popup-store';
import { navigateTo } from './navigation-port';
import { sessionReady } from './session-port';
import { askStepUp } from './step-up-port';

export interface CallInput<C extends Call> {
  params?: CallParams<C>;
  query?: CallQuery<C>;
  body?: CallBody<C>;
  signal?: AbortSignal;
}

export interface CallOptions {
  /**
   * For calls whose failure the caller handles itself (background checks): no popups. Session
   * expiry (401) and maintenance (503) are still handled, since they concern the whole app.
   */
  quiet?: boolean;
  /** The caller acts on a 401 itself (the app's foreground re-check of the session, SPEC §4). */
  ownsSessionExpiry?: boolean;
  /** Made with this session instead of the stored one (ending a handed-over session not taken). */
  sessionId?: string;
  /** Set on the retry after a step-up: a second refusal is not asked again. */
  steppedUp?: boolean;
}

/** The server asks the session to prove its user again before this call (ADR 038). */
const asksStepUp = (status: number, body: unknown) =>
  status === 403 && JSON.stringify(body).includes('"code":"step_up_required"');

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: readonly ApiError[] = [],
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

// Empty on the website (same origin); the app build names the server (README "The app").
const API_ORIGIN = import.meta.env.VITE_API_ORIGIN ?? '';

/** 401 is acted on once; the next login re-arms it (SPEC §8 "first time"). */
let sessionExpiryHandled = false;
export const rearmSessionExpiry = () => {
  sessionExpiryHandled = false;
};

function queryString(query: unknown): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}) as [string, unknown][]) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function handleSessionExpired(): void {
  if (!appState().user) {
    // A guest session that expired is simply replaced at the next navigation.
    endSessionLocally();
    return;
  }
  if (sessionExpiryHandled) return;
  sessionExpiryHandled = true;
  endSessionLocally();
  setFlashMessage('login_expired');
  navigateTo('login');
}

/** The §8 mapping; returns the failure the caller receives. */
function handleFailure(status: number, body: unknown, options: CallOptions): ApiFailure {
  const parsed = failureSchema.safeParse(body);
  const message = parsed.success ? parsed.data.message : t('popup.generic');
  const failure = new ApiFailure(status, message, parsed.success ? parsed.data.errors : []);
  if (status === 401) {
    if (!options.ownsSessionExpiry) handleSessionExpired();
  } else if (status === 503) navigateTo('maintenance');
  else if (options.quiet) return failure;
  else if (status === 500) showPopup({ actions: ['reload', 'close'] });
  else if (status === 404) showPopup({ title: t('popup.not_found_title'), actions: ['close'] });
  else if (parsed.success) showPopup({ text: message });
  return failure;
}

async function send(url: string, init: RequestInit, external: AbortSignal | undefined): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('timeout', 'TimeoutError')),
    HTTP_TIMEOUT_MS,
  );
  const forward = () => controller.abort(external?.reason);
  external?.addEventListener('abort', forward, { once: true });
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } finally {
    clearTimeout(timer);
    external?.removeEventListener('abort', forward);
  }
}

/** The calls that make or check a session themselves (session-lifecycle.ts, handover.ts). */
const SESSION_CALLS = new Set(['createSession', 'getSession', 'exchangeSessionHandover']);

export async function callApi<C extends Call>(
  call: C,
  input: CallInput<C> = {},
  options: CallOptions = {},
): Promise<CallData<C>> {
  if (!options.sessionId && !appState().sessionId && !SESSION_CALLS.has(call.name)) await sessionReady();
  const path = fillPath(call.path, (input.params ?? {}) as Record<string, string | number>);
  const headers: Record<string, string> = { accept: 'application/json' };
  const sessionId = options.sessionId ?? appState().sessionId;
  if (sessionId) headers.sessionId = sessionId;
  const hasBody = call.method === 'POST' || call.method === 'PUT';
  if (hasBody) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await send(
      API_ORIGIN + path + queryString(input.query),
      {
        method: call.method,
        headers,
        body: hasBody ? JSON.stringify({ request: input.body ?? {} }) : undefined,
      },
      input.signal,
    );
  } catch (error) {
    if (input.signal?.aborted) throw error;
    if (!navigator.onLine) navigateTo('offline');
    else if (!options.quiet) showPopup({ text: t('popup.generic') });
    throw new ApiFailure(0, t('popup.generic'));
  }

  const body: unknown = await response.json().catch(() => null);
  if (!response.ok && !options.steppedUp && asksStepUp(response.status, body)) {
    // The dialog's code loads only now; the call is made again once the person has proved it is them.
    if (await askStepUp()) return callApi(call, input, { ...options, steppedUp: true });
    throw handleFailure(response.status, body, { ...options, quiet: true });
  }
  if (!response.ok) throw handleFailure(response.status, body, options);
  if (typeof body !== 'object' || body === null || !('success' in body) || body.success !== true) {
    throw handleFailure(response.status, body, options);
  }
  const data = call.response.safeParse('data' in body ? body.data : undefined);
  // An answer that breaks the contract is a server fault: treat it as a 500.
  if (!data.success) throw handleFailure(500, null, options);
  return data.data as CallData<C>;
}
