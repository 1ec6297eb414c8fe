// /profile/registry-change: a change of name, tax data or address of record is a request; while
// the latest Var_Anagrafica request is in phase IR010 the page says so and offers none (SPEC §4).
import { FORM_MESSAGES } from '@sportello/contract';
import {
  isRegistryChangeInProgress,
  isRequired,
  isValidFiscalCode,
  isValidVatNumber,
} from '@sportello/domain';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { FormActions } from '../../../shared/forms/form-actions';
import { formSubmit } from '../../../shared/forms/form-submit';
import { optionalText } from '../../../shared/forms/rules';
import { setServerErrors } from '../../../shared/forms/server-errors';
import { TextField } from '../../../shared/forms/text-field';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useFeedback } from '../../../shared/ui/feedback-panel';
import { registryRequestsQuery, requestAccountData } from '../api/profile-api';
import { ProfileFrame } from '../components/profile-frame';
import { useProfileData } from '../components/use-profile-data';
import { t } from '../i18n';
import { profileRoutes } from '../routes';

const optionalValid = (max: number, isValid: (v: string) => boolean, message: string) =>
  optionalText(max).check(z.refine((v) => v === '' || isValid(v.toUpperCase()), message));

const schema = z
  .object({
    firstName: optionalText(100),
    lastName: optionalText(100),
    companyName: optionalText(200),
    fiscalCode: optionalValid(16, isValidFiscalCode, FORM_MESSAGES.invalid_fiscal_code),
    vatNumber: optionalValid(11, isValidVatNumber, FORM_MESSAGES.invalid_vat_number),
    address: optionalText(200),
    postalCode: optionalText(5),
    locality: optionalText(100),
    province: optionalText(2),
    note: optionalText(500),
  })
  .check(
    z.refine(({ note: _note, ...changes }) => Object.values(changes).some(isRequired), {
      message: FORM_MESSAGES.registry_change_empty,
      path: ['firstName'],
    }),
  );
type Values = z.output<typeof schema>;
const FIELDS = Object.keys(schema.shape) as (keyof Values)[];

function RegistryForm({ customerKey }: { customerKey: string }) {
  const send = useMutation(requestAccountData);
  const feedback = useFeedback();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(schema, Object.fromEntries(FIELDS.map((f) => [f, ''])) as Values);
  const onSubmit = async (values: Values) => {
    const body = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
    const created = await send.mutateAsync({ body: { ...body, customerKey } }).catch((failure: unknown) => {
      setServerErrors(failure, setError, FIELDS);
      return null;
    });
    if (!created) return;
    feedback.show({
      title: t('profile.otp.done_title'),
      description: t('profile.registry.done'),
      actions: [{ label: t('profile.back'), to: profileRoutes.profile.to() }],
    });
  };
  const field = (name: keyof Values, extra: { autoComplete?: string; maxLength?: number } = {}) => (
    <TextField
      label={t(
        `profile.registry.${name === 'firstName' ? 'first_name' : name === 'lastName' ? 'last_name' : name === 'companyName' ? 'company_name' : name === 'fiscalCode' ? 'fiscal_code' : name === 'vatNumber' ? 'vat_number' : name === 'postalCode' ? 'postal_code' : name}`,
      )}
      error={errors[name]?.message}
      {...extra}
      {...register(name)}
    />
  );
  return (
    <form className="form" noValidate onSubmit={formSubmit(handleSubmit, onSubmit)}>
      {feedback.panel}
      {field('firstName', { autoComplete: 'given-name' })}
      {field('lastName', { autoComplete: 'family-name' })}
      {field('companyName', { autoComplete: 'organization' })}
      {field('fiscalCode', { maxLength: 16 })}
      {field('vatNumber', { maxLength: 11 })}
      <h2>{t('profile.registry.address_heading')}</h2>
      {field('address', { autoComplete: 'street-address' })}
      {field('postalCode', { autoComplete: 'postal-code', maxLength: 5 })}
      {field('locality', { autoComplete: 'address-level2' })}
      {field('province', { maxLength: 2 })}
      {field('note')}
      <FormActions submitting={isSubmitting} cancelTo={profileRoutes.profile.to()} />
    </form>
  );
}

export default function RegistryChangePage() {
  const { customer } = useProfileData();
  const { data } = useSuspenseQuery(registryRequestsQuery(customer.key));
  const inProgress = isRegistryChangeInProgress(
    data.requests.map((r) => ({
      requestType: r.requestType,
      status: r.Status,
      phaseCode: r.PhaseCode,
      createdDate: r.CreatedDate,
    })),
  );
  if (inProgress) {
    return (
      <ProfileFrame heading={t('profile.registry.heading')}>
        <h2>{t('profile.registry.in_progress_title')}</h2>
        <p>{t('profile.registry.in_progress')}</p>
      </ProfileFrame>
    );
  }
  return (
    <ProfileFrame heading={t('profile.registry.heading')} intro={t('profile.registry.intro')}>
      <RegistryForm customerKey={customer.key} />
    </ProfileFrame>
  );
}
