// The consents (personal data processing mandatory, marketing optional) and the creation of the
// user with everything the steps gathered. A refusal keeps the form and names the step to fix.
import { registration } from '@sportello/contract';
import { Link, Navigate } from 'react-router';
import * as z from 'zod/mini';
import { ApiFailure } from '../../../shared/api/api-client';
import { formSubmit } from '../../../shared/forms/form-submit';
import { FieldError } from '../../../shared/forms/text-field';
import { useBrand } from '../../../shared/brands/use-brand';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { ExternalLink } from '../../../shared/ui/external-link';
import { useFeedback } from '../../../shared/ui/feedback-panel';
import { authRoutes } from '../../auth/routes';
import { privacyRoutes } from '../../privacy/routes';
import { send } from '../api/send';
import { clearDraft, readDraft } from '../draft';
import { t } from '../i18n';
import { registrationRoutes } from '../routes';
import { isProofFailure } from './proof-form';
import { SubmitButton } from './step-page';

const schema = z.object({
  privacyConsent: z.boolean().check(z.refine((value) => value, t('registration.errors.privacy_required'))),
  privacyCompany: z.boolean(),
  privacyOthers: z.boolean(),
});
type Values = z.output<typeof schema>;

export function PrivacyStep({ usernameStep }: { usernameStep: string }) {
  const feedback = useFeedback();
  const brand = useBrand();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(schema, { privacyConsent: false, privacyCompany: false, privacyOthers: false });

  const onSubmit = async (consents: Values) => {
    const { customer, delegate, username = '', password = '' } = readDraft();
    const body = {
      username,
      password,
      confirmPassword: password,
      ...consents,
      ...(customer
        ? {
            customer: {
              customerType: customer.customerType,
              customerCode: customer.customerCode,
              taxCode: customer.taxCode,
              proof: customer.proof ?? { workflowId: '', code: '' },
            },
          }
        : {}),
      ...(delegate?.address && delegate.email && delegate.phoneMobile
        ? {
            delegate: {
              firstName: delegate.firstName,
              lastName: delegate.lastName,
              email: delegate.email,
              phoneMobile: delegate.phoneMobile,
              address: delegate.address,
              delegation: delegate.delegation,
            },
          }
        : {}),
    };
    const created = await send(registration.createUser, { body }).catch((failure: unknown) => {
      // Fields of other steps (the username taken meanwhile) are named here, with a way back.
      if (failure instanceof ApiFailure && failure.errors.some((e) => e.field === 'username')) {
        setError('root', { type: 'server', message: t('registration.username.taken') });
      } else if (isProofFailure(failure)) {
        setError('root', { type: 'proof', message: (failure as ApiFailure).message });
      }
      return null;
    });
    if (!created) return;
    clearDraft();
    feedback.show({
      title: t('registration.done.title'),
      description: created.delegation
        ? t('registration.done.delegate_text')
        : t('registration.done.text', { username: created.username }),
      actions: [{ label: t('registration.to_login'), to: authRoutes.login.to() }],
    });
  };

  const draft = readDraft();
  // After a reload the password is gone (it is never stored): the username step asks for it again.
  if (draft.username && !draft.password) return <Navigate to={usernameStep} replace />;

  return (
    <form className="form" noValidate onSubmit={formSubmit(handleSubmit, onSubmit)}>
      <fieldset className="registration__group">
        <legend>{t('registration.privacy.intro')}</legend>
        <p>
          {/* A new tab: the steps typed so far stay as they are (ADR 069: the notice is a page here). */}
          <ExternalLink href={privacyRoutes.notice.to()}>
            {t('registration.privacy.notice', { brand: brand.name })}
          </ExternalLink>
        </p>
        <label className="form__check">
          <input
            type="checkbox"
            aria-invalid={errors.privacyConsent ? true : undefined}
            aria-describedby={errors.privacyConsent ? 'privacy-consent-error' : undefined}
            {...register('privacyConsent')}
          />
          {t('registration.privacy.consent')}
        </label>
        <FieldError id="privacy-consent-error" error={errors.privacyConsent?.message} />
        <label className="form__check">
          <input type="checkbox" {...register('privacyCompany')} />
          {t('registration.privacy.company')}
        </label>
        <label className="form__check">
          <input type="checkbox" {...register('privacyOthers')} />
          {t('registration.privacy.others')}
        </label>
      </fieldset>
      {errors.root ? (
        <p className="form__error" role="alert">
          {errors.root.message}{' '}
          {errors.root.type === 'proof' ? (
            <Link to={registrationRoutes.supplies.to()}>{t('registration.proof.fix')}</Link>
          ) : (
            <Link to={usernameStep}>{t('registration.privacy.change_username')}</Link>
          )}
        </p>
      ) : null}
      <SubmitButton submitting={isSubmitting} label={t('registration.privacy.submit')} />
      {feedback.panel}
    </form>
  );
}
