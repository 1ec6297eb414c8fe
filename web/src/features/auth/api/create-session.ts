import { core, PRODUCT_VERSION, type CompanyCode } from '@sportello/contract';
import { callApi } from '../../../shared/api/api-client';

export const createSession = (company: CompanyCode) =>
  callApi(core.createSession, {
    body: { company, locale: 'it', clientSpec: { version: PRODUCT_VERSION, type: 'web' } },
  });
