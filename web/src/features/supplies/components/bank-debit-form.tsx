// IBAN, BIC and the account holder for a new or changed SEPA direct debit. Formats are checked
// with the domain validators (IBAN and BIC through ibantools; the holder's fiscal code is a
// person's 16 characters or a company's 11 digits), in Italian, after the first submit attempt.
import { zodResolver } from '@hookform/resolvers/zod';
import type { erpSupplies } from '@sportello/contract';
import {
  isRequestSuccess,
  isRequired,
  isValidBic,
  isValidCompanyFiscalCode,
  isValidFiscalCode,
  isValidIban,
  normalizeIban,
} from '@sportello/domain';
import { useForm } from 'react-hook-form';
import { t } from '../i18n';
import * as z from 'zod/mini';
import { setFeedback } from '../../../shared/state/app-store';
import { showPopup } from '../../../shared/ui/popup-store';
import { TextField } from '../../../shared/ui/text-field';
import { useRequestBankAccountChange } from '../api/request-bank-account-change';
import { supplyPath } from '../supply-paths';
import { FormActions } from './form-actions';
import { focusFirstError } from '../focus-first-error';

export type BankDebitOperation = 'activate' | 'change';

export const bankDebitSchema = z.object({
  iban: z.pipe(
    z.string().check(
      z.refine(isRequired, t('supplies.bank.errors.iban_required')),
      z.refine((value) => !isRequired(value) || isValidIban(value), t('supplies.bank.errors.invalid_iban')),
    ),
    z.transform(normalizeIban),
  ),
  bic: z.pipe(
    z.string().check(
      z.trim(),
      z.refine((value) => value === '' || isValidBic(value), t('supplies.bank.errors.invalid_bic')),
    ),
    z.transform((value) => value.toUpperCase()),
  ),
  holderName: z.string().check(z.trim(), z.minLength(1, t('supplies.bank.errors.holder_name_required'))),
  holderFiscalCode: z.pipe(
    z.string().check(
      z.trim(),
      z.minLength(1, t('supplies.bank.errors.holder_fiscal_code_required')),
      z.refine(
        (value) => value === '' || isValidFiscalCode(value) || isValidCompanyFiscalCode(value),
        t('supplies.bank.errors.invalid_holder_fiscal_code'),
      ),
    ),
    z.transform((value) => value.toUpperCase()),
  ),
});

export function BankDebitForm({
  operation,
  supply,
  contract,
}: {
  operation: BankDebitOperation;
  supply: erpSupplies.Supply;
  contract: erpSupplies.Contract;
}) {
  const request = useRequestBankAccountChange(contract.id);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof bankDebitSchema>, unknown, z.output<typeof bankDebitSchema>>({
    resolver: zodResolver(bankDebitSchema),
    shouldFocusError: false,
    defaultValues: {
      iban: '',
      bic: '',
      holderName: contract.banking?.holderName ?? '',
      holderFiscalCode: contract.banking?.holderFiscalCode ?? '',
    },
  });

  const onSubmit = async (values: z.output<typeof bankDebitSchema>) => {
    const created = await request
      .mutateAsync({ contractKey: contract.key, operation, ...values, bic: values.bic || undefined })
      .catch(() => null);
    // A failure has shown its popup; what the user typed stays in the form.
    if (!created) return;
    if (!isRequestSuccess(created.id)) {
      showPopup();
      return;
    }
    setFeedback({
      title: t('supplies.bank.success_title'),
      description: t(
        operation === 'activate' ? 'supplies.bank.success_text_add' : 'supplies.bank.success_text_change',
      ),
      actions: [{ label: t('supplies.back_to_supply'), to: supplyPath(supply.id) }],
    });
  };

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        const form = event.currentTarget;
        void handleSubmit(onSubmit, () => focusFirstError(form))(event);
      }}
    >
      <p className="muted">{t('supplies.form.required_note')}</p>
      <TextField
        label={t('supplies.bank.iban')}
        hint={t('supplies.bank.iban_hint')}
        error={errors.iban?.message}
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        {...register('iban')}
      />
      <TextField
        label={t('supplies.bank.bic')}
        hint={t('supplies.bank.bic_hint')}
        error={errors.bic?.message}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        {...register('bic')}
      />
      <TextField
        label={t('supplies.bank.holder_name')}
        error={errors.holderName?.message}
        required
        autoComplete="name"
        {...register('holderName')}
      />
      <TextField
        label={t('supplies.bank.holder_fiscal_code')}
        hint={t('supplies.bank.holder_fiscal_code_hint')}
        error={errors.holderFiscalCode?.message}
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        {...register('holderFiscalCode')}
      />
      <FormActions supplyId={supply.id} submitting={isSubmitting} />
    </form>
  );
}
