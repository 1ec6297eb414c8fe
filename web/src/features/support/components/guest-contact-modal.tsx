// The logged-out write-us modal (SPEC §5, registration time), opened from the help of the login and
// registration pages: besides phone, subject and message it asks who writes (name, client code,
// e-mail) and the privacy consent, and posts with the visitor's guest session. A refusal (too many
// messages, a field the server refuses) shows its popup or its field message and keeps what was typed.
import { erpSupport } from '@sportello/contract';
import { useMutation } from '@tanstack/react-query';
import { callMutation } from '../../../shared/api/call-query';
import { useBrand } from '../../../shared/brands/use-brand';
import { setServerErrors } from '../../../shared/forms/server-errors';
import { FieldError, TextField } from '../../../shared/forms/text-field';
import { t } from '../i18n';
import {
  ContactDialog,
  formText,
  MessageFields,
  useContactForm,
  type ContactModalProps,
} from './contact-dialog';
import { guestContactSchema, toGuestContactPayload } from './contact-form-schema';

const sendGuestContact = callMutation(erpSupport.requestGuestContact);

export default function GuestContactModal({ onClose, onSent }: ContactModalProps) {
  const brand = useBrand();
  const send = useMutation(sendGuestContact);
  const { form, onSubmit } = useContactForm({
    schema: guestContactSchema,
    defaultValues: {
      name: '',
      clientCode: '',
      email: '',
      privacy: false,
      phone: '',
      subject: '',
      message: '',
    },
    send: (values, setError) =>
      send.mutateAsync({ body: toGuestContactPayload(values, brand.code) }).catch((failure: unknown) => {
        setServerErrors(failure, setError, ['name', 'clientCode', 'email']);
        return null;
      }),
    successText: t('modal.contact_form.guest_success_text'),
    onClose,
    onSent,
  });
  const { register } = form;
  const { errors, isSubmitting } = form.formState;

  return (
    <ContactDialog
      intro={t('modal.contact_form.guest_intro')}
      onClose={onClose}
      onSubmit={onSubmit}
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
      <MessageFields register={register} errors={errors} />
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
