// IBAN, BIC and the account holder for a new or changed SEPA direct debit. Formats are checked
// with the domain validators (IBAN and BIC through ibantools; the holder's fiscal code is a
// person's 16 characters or a company's 11 digits), in Italian, after the first submit attempt.
import type { erpSupplies } from '@sportello/contract';
import { isRequestSuccess } from '@sportello/domain';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { FormActions, RequiredNote } from '../../../shared/forms/form-actions';
import { formSubmit } from '../../../shared/forms/form-submit';
import { ibanField, optionalBicField } from '../../../shared/forms/bank-rules';
import { fiscalCodeField, requiredText } from '../../../shared/forms/rules';
import { setServerErrors } from '../../../shared/forms/server-errors';
import { TextField } from '../../../shared/forms/text-field';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import type { Feedback } from '../../../shared/ui/feedback-panel';
import { showPopup } from '../../../shared/ui/popup-store';
import { requestBankAccountChange } from '../api/mutations';
import { t } from '../i18n';
import { supplyRoutes } from '../routes';

export type BankDebitOperation = 'activate' | 'change';

export const bankDebitSchema = z.object({
  iban: ibanField(),
  bic: optionalBicField(),
  holderName: requiredText(100, t('supplies.bank.errors.holder_name_required')),
  holderFiscalCode: fiscalCodeField({
    required: t('supplies.bank.errors.holder_fiscal_code_required'),
    invalid: t('supplies.bank.errors.invalid_holder_fiscal_code'),
  }),
});

type FormOutput = z.output<typeof bankDebitSchema>;
const FIELDS = ['iban', 'bic', 'holderName', 'holderFiscalCode'] as const;

export function BankDebitForm({
  operation,
  supply,
  contract,
  onDone,
}: {
  operation: BankDebitOperation;
  supply: erpSupplies.Supply;
  contract: erpSupplies.Contract;
  onDone: (feedback: Feedback) => void;
}) {
  const request = useMutation(requestBankAccountChange);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(bankDebitSchema, {
    iban: '',
    bic: '',
    holderName: contract.banking?.holderName ?? '',
    holderFiscalCode: contract.banking?.holderFiscalCode ?? '',
  });

  const onSubmit = async (values: FormOutput) => {
    const created = await request
      .mutateAsync({
        body: { contractKey: contract.key, operation, ...values, bic: values.bic || undefined },
      })
      .catch((failure: unknown) => {
        // A failure has shown its popup; what the user typed stays in the form.
        setServerErrors(failure, setError, FIELDS);
        return null;
      });
    if (!created) return;
    if (!isRequestSuccess(created.id)) {
      showPopup();
      return;
    }
    onDone({
      title: t('supplies.bank.success_title'),
      description: t(
        operation === 'activate' ? 'supplies.bank.success_text_add' : 'supplies.bank.success_text_change',
      ),
      actions: [{ label: t('supplies.back_to_supply'), to: supplyRoutes.detail.to({ id: supply.id }) }],
    });
  };

  return (
    <form className="form" noValidate onSubmit={formSubmit(handleSubmit, onSubmit)}>
      <RequiredNote />
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
      <FormActions submitting={isSubmitting} cancelTo={supplyRoutes.detail.to({ id: supply.id })} />
    </form>
  );
}
