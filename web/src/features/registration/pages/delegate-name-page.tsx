// /registrazione/delegate: the delegator (client code and tax code) and the delegate's name.
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { RequiredNote } from '../../../shared/forms/form-actions';
import { formSubmit } from '../../../shared/forms/form-submit';
import { TextField } from '../../../shared/forms/text-field';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { CodesFields } from '../components/codes-fields';
import { customerCodeField, nameField, taxCodeField } from '../components/rules';
import { StepPage, SubmitButton } from '../components/step-page';
import { readDraft, updateDraft } from '../draft';
import { t } from '../i18n';
import { registrationRoutes } from '../routes';

const schema = z.object({
  customerCode: customerCodeField(),
  taxCode: taxCodeField('any'),
  firstName: nameField(t('registration.errors.first_name_required')),
  lastName: nameField(t('registration.errors.last_name_required')),
});

export default function DelegateNamePage() {
  const navigate = useNavigate();
  const previous = readDraft().delegate;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(schema, {
    customerCode: previous?.delegation.customerCode ?? '',
    taxCode: previous?.delegation.taxCode ?? '',
    firstName: previous?.firstName ?? '',
    lastName: previous?.lastName ?? '',
  });

  const onSubmit = async ({ customerCode, taxCode, firstName, lastName }: z.output<typeof schema>) => {
    updateDraft({
      customer: undefined,
      delegate: { ...previous, firstName, lastName, delegation: { customerCode, taxCode } },
    });
    await navigate(registrationRoutes.delegateContacts.to());
  };

  return (
    <StepPage
      heading={t('registration.delegate.heading')}
      intro={t('registration.delegate.intro')}
      step={[1, 5]}
      back={registrationRoutes.start.to()}
    >
      <form className="form" noValidate onSubmit={formSubmit(handleSubmit, onSubmit)}>
        <RequiredNote />
        <fieldset className="registration__group">
          <legend>{t('registration.delegate.delegator')}</legend>
          <CodesFields
            customerCode={register('customerCode')}
            taxCode={register('taxCode')}
            errors={errors}
            taxLabel={t('registration.forgot.tax_code')}
          />
        </fieldset>
        <fieldset className="registration__group">
          <legend>{t('registration.delegate.you')}</legend>
          <TextField
            label={t('registration.delegate.first_name')}
            error={errors.firstName?.message}
            required
            autoComplete="given-name"
            {...register('firstName')}
          />
          <TextField
            label={t('registration.delegate.last_name')}
            error={errors.lastName?.message}
            required
            autoComplete="family-name"
            {...register('lastName')}
          />
        </fieldset>
        <SubmitButton submitting={false} />
      </form>
    </StepPage>
  );
}
