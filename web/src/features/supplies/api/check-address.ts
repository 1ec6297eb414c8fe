import { addressService } from '@sportello/contract';
import type * as z from 'zod/mini';
import { callApi } from '../../../shared/api/api-client';

type Body = z.input<typeof addressService.checkAddress.body>;

/** SPEC §5: the check runs for country IT and company SGR. */
export const checkAddress = (address: Omit<Body, 'country' | 'company'>) =>
  callApi(addressService.checkAddress, { body: { ...address, country: 'IT', company: 'SGR' } });
