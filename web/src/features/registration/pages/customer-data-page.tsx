// /registrazione/cliente-sgr/{type}/dati (also /{type}, and /{type}/tax-code/{taxCode} with the tax
// code filled in): tax code and client code, checked by check-fiscal-data (one customer of this brand
// with an active contract, else 'Il contratto non è attivo').
import { FORM_MESSAGES, registration } from '@sportello/contract';
import { REGISTRATION_CUSTOMER_TYPES, type RegistrationCustomerType } from '@sportello/domain';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import * as z from 'zod/mini';
import { ApiFailure } from '../../../shared/api/api-client';
import { formSubmit } from '../../../shared/forms/form-submit';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { authRoutes } from '../../auth/routes';
import { setServerErrors } from '../../../shared/forms/server-errors';
import { RequiredNote } from '../../../shared/forms/form-actions';
import { send } from '../api/send';
import { CodesFields } from '../components/codes-fields';
import { customerCodeField, taxCodeField } from '../components/rules';
import { StepPage, SubmitButton } from '../components/step-page';
import { readDraft, updateDraft } from '../draft';
import { t } from '../i18n';
import { registrationRoutes } from '../routes';

const isType = (value: string | undefined): value is RegistrationCustomerType =>
  REGISTRATION_CUSTOMER_TYPES.some((type) => type === value);

function DataForm({ type, taxCode }: { type: RegistrationCustomerType; taxCode: string | undefined }) {
  const navigate = useNavigate();
  const schema = z.object({ customerCode: customerCodeField(), taxCode: taxCodeField(type) });
  const previous = readDraft().customer;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(schema, {
    customerCode: previous?.customerType === type ? previous.customerCode : '',
    taxCode: taxCode ?? (previous?.customerType === type ? previous.taxCode : ''),
  });

  const onSubmit = async (values: z.output<typeof schema>) => {
    const body = { customerType: type, ...values };
    // Refusals show here, by the fields (quiet: no popup): an account that exists already is told
    // now, with the ways on.
    const found = await send(registration.checkFiscalData, { body }, { quiet: true }).catch(
      (failure: unknown) => {
        if (setServerErrors(failure, setError, ['customerCode', 'taxCode'])) return null;
        const message = failure instanceof ApiFailure ? failure.message : t('registration.data.failed');
        const registered = message === FORM_MESSAGES.user_already_registered;
        setError('root', { type: registered ? 'registered' : 'server', message });
        return null;
      },
    );
    if (!found) return;
    updateDraft({ customer: { ...body, ...found }, delegate: undefined });
    await navigate(registrationRoutes.supplies.to());
  };

  return (
    <form className="form" noValidate onSubmit={formSubmit(handleSubmit, onSubmit)}>
      <RequiredNote />
      <CodesFields
        customerCode={register('customerCode')}
        taxCode={register('taxCode')}
        errors={errors}
        taxLabel={type === 'private' ? t('registration.data.fiscal_code') : t('registration.data.vat_number')}
      />
      {errors.root ? (
        <div className="form__error" role="alert">
          <p>{errors.root.message}</p>
          {errors.root.type === 'registered' ? (
            <p>
              <Link to={authRoutes.login.to()}>{t('registration.data.login')}</Link>
              {' · '}
              <Link to={registrationRoutes.forgot.to()}>{t('registration.data.forgot')}</Link>
            </p>
          ) : null}
        </div>
      ) : null}
      <SubmitButton submitting={isSubmitting} />
    </form>
  );
}

export default function CustomerDataPage() {
  const { type, taxCode } = useParams();
  if (!isType(type)) return <Navigate to={registrationRoutes.type.to()} replace />;
  return (
    <StepPage
      heading={t('registration.data.heading')}
      intro={t('registration.data.intro')}
      step={[2, 5]}
      back={registrationRoutes.type.to()}
    >
      <DataForm key={`${type}:${taxCode ?? ''}`} type={type} taxCode={taxCode} />
    </StepPage>
  );
}
