// The logged-out write-us modal (SPEC §5, registration time), opened from the help of the login and
// registration pages: besides phone, subject and message it asks who writes (name, client code,
// e-mail) and the privacy consent, and posts with the visitor's guest session. A refusal (too many
// messages, a field the server refuses) shows its popup or its field message and keeps what was typed.
import { zodResolver } from '@hookform/resolvers/zod';
import { erpServices } from '@sportello/contract';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { callMutation } from '../../../shared/api/call-query';
import { useBrand } from '../../../shared/brands/use-brand';
import { formSubmit } from '../../../shared/forms/form-submit';
import { setServerErrors } from '../../../shared/forms/server-errors';
import { FieldError, TextField } from '../../../shared/forms/text-field';
import type { Feedback } from '../../../shared/ui/feedback-panel';
import { t } from '../i18n';
import { ContactDialog, formText, MessageFields } from './contact-dialog';
import { guestContactSchema, toGuestContactPayload, type GuestContactValues } from './contact-form-schema';

const sendGuestContact = callMutation(erpServices.requestGuestContact);

export default function GuestContactModal({
  onClose,
  onSent,
}: {
  onClose: () => void;
  onSent: (feedback: Feedback) => void;
}) {
  const brand = useBrand();
  const send = useMutation(sendGuestContact);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<GuestContactValues, unknown, GuestContactValues>({
    resolver: zodResolver(guestContactSchema),
    shouldFocusError: false,
    defaultValues: {
      name: '',
      clientCode: '',
      email: '',
      privacy: false,
      phone: '',
      subject: '',
      message: '',
    },
  });

  const onValid = async (values: GuestContactValues) => {
    const sent = await send
      .mutateAsync({ body: toGuestContactPayload(guestContactSchema.parse(values), brand.code) })
      .catch((failure: unknown) => {
        setServerErrors(failure, setError, ['name', 'clientCode', 'email']);
        return null;
      });
    if (!sent) return;
    onClose();
    onSent({
      title: t('modal.contact_form.success_title'),
      description: t('modal.contact_form.guest_success_text'),
      actions: [{ label: t('feedback.close') }],
    });
  };

  return (
    <ContactDialog
      intro={t('modal.contact_form.guest_intro')}
      onClose={onClose}
      onSubmit={formSubmit(handleSubmit, onValid)}
      submitting={isSubmitting}
    >
      <TextField
        label={formText('name')}
        error={errors.name?.message}
        autoComplete="name"
        required
        {...register('name')}
      />
      <TextField
        label={formText('client_code')}
        hint={formText('client_code_hint')}
        error={errors.clientCode?.message}
        inputMode="numeric"
        required
        {...register('clientCode')}
      />
      <TextField
        label={formText('email')}
        hint={formText('email_hint')}
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        required
        {...register('email')}
      />
      <MessageFields
        fields={{ phone: register('phone'), subject: register('subject'), message: register('message') }}
        errors={{
          phone: errors.phone?.message,
          subject: errors.subject?.message,
          message: errors.message?.message,
        }}
      />
      <div>
        <label className="form__check">
          <input
            type="checkbox"
            aria-invalid={errors.privacy ? true : undefined}
            aria-describedby={errors.privacy ? 'guest-privacy-error' : undefined}
            {...register('privacy')}
          />
          {formText('privacy_consent')}
        </label>
        <FieldError id="guest-privacy-error" error={errors.privacy?.message} />
      </div>
    </ContactDialog>
  );
}
