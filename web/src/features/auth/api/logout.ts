import { core } from '@sportello/contract';
import { callApi } from '../../../shared/api/api-client';

/** Quiet: the user is logged out locally whatever the server answers. */
export const logout = () => callApi(core.logout, {}, { quiet: true });
