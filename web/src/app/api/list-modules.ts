import { core } from '@sportello/contract';
import { callApi } from '../../shared/api/api-client';

/** Module keys enabled for the session's brand (guard 1 reloads them before each navigation). */
export const listModules = async (): Promise<string[]> =>
  (await callApi(core.listModules, {}, { quiet: true })).map((module) => module.key);
