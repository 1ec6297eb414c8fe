import { core } from '@sportello/contract';
import { callApi } from '../../../shared/api/api-client';

export const login = (username: string, password: string) =>
  callApi(core.login, { body: { username, password } });
