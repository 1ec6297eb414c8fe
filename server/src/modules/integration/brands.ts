// Creating a brand (ADR 057), by the integration call with the `admin` scope or the CLI: a code as the
// brands' paths take it, a name, the legal name and VAT number its bills print. A code that exists is
// refused, never overwritten. Which modules the brand shows is the back office's (company_modules).
import { integration } from '@sportello/contract';
import { isValidVatNumber } from '@sportello/domain';
import * as z from 'zod/mini';
import { AppError, fieldError } from '../../http/app-error.js';
import type { SettingsService } from '../settings/service.js';

type NewBrand = z.input<typeof integration.createBrand.body>;

export function createBrands(settings: SettingsService) {
  return {
    /** A new brand, checked as the call's body is; 422 for a bad field, 409 `brand_code_taken`. */
    async create(input: NewBrand) {
      const parsed = z.safeParse(integration.createBrand.body, input);
      if (!parsed.success)
        throw new AppError(
          422,
          'invalid_input',
          parsed.error.issues.map((issue) =>
            fieldError(
              issue.path.join('.'),
              issue.path[0] === 'code' ? 'brand_code_invalid' : 'invalid_input',
            ),
          ),
        );
      const brand = parsed.data;
      if (brand.vatNumber !== null && !isValidVatNumber(brand.vatNumber))
        throw new AppError(422, 'invalid_input', [fieldError('vatNumber', 'invalid_vat_number')]);
      const created = await settings.createCompany({
        code: brand.code,
        name: brand.name,
        legalName: brand.legalName ?? brand.name,
        vatNumber: brand.vatNumber ?? '',
      });
      if (!created) throw new AppError(409, 'brand_code_taken');
      return { code: brand.code, name: brand.name };
    },

    list: async () => ({ brands: await settings.listCompanies() }),
  };
}
