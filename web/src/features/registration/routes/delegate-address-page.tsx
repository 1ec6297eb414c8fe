// /registrazione/delegate/address: the delegate's address, checked by the address service (score of
// at least 50, SPEC §5) before going on; a refused address keeps everything typed.
import { zodResolver } from '@hookform/resolvers/zod';
import { addressService } from '@sportello/contract';
import { isAddressCheckPassed } from '@sportello/domain';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { RequiredNote } from '../../../shared/forms/form-actions';
import { formSubmit } from '../../../shared/forms/form-submit';
import { formMessages, postalCodeField, provinceField, requiredText } from '../../../shared/forms/rules';
import { TextField } from '../../../shared/forms/text-field';
import { send } from '../api/send';
import { StepPage, SubmitButton } from '../components/step-page';
import { readDraft, updateDraft } from '../draft';
import { t } from '../i18n';
import { registrationRoutes } from '../routes';

const schema = z.object({
  streetName: requiredText(100, formMessages.addressRequired),
  civicNumber: requiredText(10, formMessages.civicNumberRequired),
  postalCode: postalCodeField(),
  city: requiredText(100, formMessages.cityRequired),
  province: provinceField(),
});
type Input = z.input<typeof schema>;

export default function DelegateAddressPage() {
  const navigate = useNavigate();
  const delegate = readDraft().delegate;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    shouldFocusError: false,
    defaultValues: delegate?.address ?? {
      streetName: '',
      civicNumber: '',
      postalCode: '',
      city: '',
      province: '',
    },
  });
  if (!delegate?.email) return <Navigate to={registrationRoutes.delegate.to()} replace />;

  const onSubmit = async (address: z.output<typeof schema>) => {
    const check = await send(addressService.checkAddress, {
      body: { ...address, country: 'IT', company: 'SGR' },
    }).catch(() => null);
    if (!check) return;
    if (!isAddressCheckPassed(check.score)) {
      setError(
        'streetName',
        { type: 'server', message: t('registration.delegate.address_invalid') },
        { shouldFocus: true },
      );
      return;
    }
    updateDraft({ delegate: { ...delegate, address } });
    await navigate(registrationRoutes.delegateUsername.to());
  };

  const field = (name: keyof Input, label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} error={errors[name]?.message} required {...extra} {...register(name)} />
  );
  return (
    <StepPage
      heading={t('registration.delegate.address_heading')}
      step={[3, 5]}
      back={registrationRoutes.delegateContacts.to()}
    >
      <form className="form" noValidate onSubmit={formSubmit(handleSubmit, onSubmit)}>
        <RequiredNote />
        {field('streetName', t('registration.delegate.street'), { autoComplete: 'address-line1' })}
        <div className="form-row form-row--2">
          {field('civicNumber', t('registration.delegate.civic'))}
          {field('postalCode', t('registration.delegate.postal_code'), {
            inputMode: 'numeric',
            maxLength: 5,
            autoComplete: 'postal-code',
          })}
        </div>
        <div className="form-row form-row--2">
          {field('city', t('registration.delegate.city'), { autoComplete: 'address-level2' })}
          {field('province', t('registration.delegate.province'), {
            maxLength: 2,
            autoCapitalize: 'characters',
          })}
        </div>
        <SubmitButton submitting={isSubmitting} />
      </form>
    </StepPage>
  );
}
