import { core } from '@sportello/contract';
import { callApi } from '../../../shared/api/api-client';

/** Quiet: a stale stored id is expected after a while and is replaced without a popup. */
export const getSession = (id: string) => callApi(core.getSession, { params: { id } }, { quiet: true });
