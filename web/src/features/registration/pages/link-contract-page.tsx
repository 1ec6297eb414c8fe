// /profile/link-contract (logged in, before any customer): a user who registered without a contract
// links their own, as registering would: client code and tax code find the customer, then the same
// proof of possession (ADR 022: a code to a contact on file, or a recent bill) ties it to the user.
import { erpCustomers, registration } from '@sportello/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as z from 'zod/mini';
import { callApi } from '../../../shared/api/api-client';
import { callQueryKey } from '../../../shared/api/call-query';
import { RequiredNote } from '../../../shared/forms/form-actions';
import { formSubmit } from '../../../shared/forms/form-submit';
import { SelectField } from '../../../shared/forms/select-field';
import { setServerErrors } from '../../../shared/forms/server-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useFeedback } from '../../../shared/ui/feedback-panel';
import { customerRoutes } from '../../customers/routes';
import { CodesFields } from '../components/codes-fields';
import { ProofForm } from '../components/proof-form';
import { customerCodeField, taxCodeField } from '../components/rules';
import { StepPage, SubmitButton } from '../components/step-page';
import { t } from '../i18n';

const TYPES = ['private', 'company', 'condominium'] as const;

const schema = z.object({
  customerType: z.enum(TYPES),
  customerCode: customerCodeField(),
  taxCode: taxCodeField('any'),
});
type Codes = z.output<typeof schema>;
type Found = Codes & z.output<typeof registration.checkFiscalData.response>;

function CodesStep({ onFound }: { onFound: (found: Found) => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(schema, { customerType: 'private', customerCode: '', taxCode: '' });
  const onSubmit = async (codes: Codes) => {
    const found = await callApi(registration.checkFiscalData, { body: codes }).catch((failure: unknown) => {
      setServerErrors(failure, setError, ['customerType', 'customerCode', 'taxCode']);
      return null;
    });
    if (found) onFound({ ...codes, ...found });
  };
  return (
    <form className="form" noValidate onSubmit={formSubmit(handleSubmit, onSubmit)}>
      <RequiredNote />
      <SelectField
        label={t('registration.link.type')}
        placeholder={t('registration.link.type_placeholder')}
        required
        error={errors.customerType?.message}
        options={TYPES.map((type) => ({ value: type, label: t(`registration.type.${type}`) }))}
        {...register('customerType')}
      />
      <CodesFields
        customerCode={register('customerCode')}
        taxCode={register('taxCode')}
        errors={errors}
        taxLabel={t('registration.forgot.tax_code')}
      />
      <SubmitButton submitting={isSubmitting} label={t('registration.link.check')} />
    </form>
  );
}

export default function LinkContractPage() {
  const [found, setFound] = useState<Found | null>(null);
  const feedback = useFeedback();
  const client = useQueryClient();
  return (
    <StepPage heading={t('registration.link.heading')} intro={t('registration.link.intro')}>
      {found ? (
        <>
          <p className="card__highlight">{t('registration.link.holder', { name: found.holderName })}</p>
          <ProofForm
            customer={found}
            onProof={async (proof) => {
              const { customerType, customerCode, taxCode } = found;
              const linked = await callApi(registration.associateContractToUser, {
                body: { customerType, customerCode, taxCode, proof },
              }).catch(() => null);
              if (!linked) return;
              // The list held from before said "no customer": the next page must ask again.
              client.removeQueries({ queryKey: callQueryKey(erpCustomers.listCustomers) });
              feedback.show({
                title: t('registration.link.done_title'),
                description: t('registration.link.done_text', { name: found.holderName }),
                actions: [{ label: t('registration.link.to_dashboard'), to: customerRoutes.choice.to() }],
              });
            }}
          />
        </>
      ) : (
        <CodesStep onFound={setFound} />
      )}
      {feedback.panel}
    </StepPage>
  );
}
