import { core } from '@sportello/contract';
import { callApi, type CallOptions } from '../../shared/api/api-client';

/** Module keys enabled for the session's brand (guard 1, app/server-state.ts). */
export const listModules = async (options: CallOptions = {}): Promise<string[]> =>
  (await callApi(core.listModules, {}, { quiet: true, ...options })).map((module) => module.key);
