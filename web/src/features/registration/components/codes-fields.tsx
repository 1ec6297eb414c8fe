// A client code and its tax code: how registration, delegation and password recovery name a customer.
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../shared/forms/text-field';
import { t } from '../i18n';

export function CodesFields({
  customerCode,
  taxCode,
  errors,
  taxLabel,
}: {
  customerCode: UseFormRegisterReturn;
  taxCode: UseFormRegisterReturn;
  errors: FieldErrors<{ customerCode: string; taxCode: string }>;
  taxLabel: string;
}) {
  return (
    <>
      <TextField
        label={t('registration.data.customer_code')}
        error={errors.customerCode?.message}
        required
        inputMode="numeric"
        autoComplete="off"
        {...customerCode}
      />
      <TextField
        label={taxLabel}
        error={errors.taxCode?.message}
        required
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        {...taxCode}
      />
    </>
  );
}
