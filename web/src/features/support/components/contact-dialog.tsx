// What both write-us modals share (SPEC §2 "Contact form modal"): the form's settings and its ending
// (checked after the first submit; once sent it closes and shows the feedback panel), the dialog with
// the privacy notice naming the brand's legal entity and the footer whose submit button, under
// 992 px, stays in view while the form scrolls, and the phone, subject and message fields.
import { erpSupport } from '@sportello/contract';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import type { DefaultValues, FieldError, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import type * as z from 'zod/mini';
import { useBrand } from '../../../shared/brands/use-brand';
import { formSubmit } from '../../../shared/forms/form-submit';
import { SelectField, TextAreaField } from '../../../shared/forms/select-field';
import { TextField } from '../../../shared/forms/text-field';
import { useSchemaForm, type FormSchema } from '../../../shared/forms/use-schema-form';
import { ExternalLink } from '../../../shared/ui/external-link';
import type { Feedback } from '../../../shared/ui/feedback-panel';
import { ModalDialog } from '../../../shared/ui/modal-dialog';
import { privacyRoutes } from '../../privacy/routes';
import { t } from '../i18n';
import '../support.css';

const { CONTACT_SUBJECTS, CONTACT_MESSAGE_MAX_LENGTH } = erpSupport;

export const formText = (key: string) =>
  t(`modal.contact_form.form.${key}` as 'modal.contact_form.form.submit');

export interface ContactModalProps {
  onClose: () => void;
  onSent: (feedback: Feedback) => void;
}

/**
 * A write-us form: `send` posts the values and answers null when refused (a refusal has shown its
 * popup or its field messages, and the form keeps what was typed); once sent, the modal closes and
 * the feedback panel says `successText`.
 */
export function useContactForm<Schema extends FormSchema>({
  schema,
  defaultValues,
  send,
  successText,
  onClose,
  onSent,
}: ContactModalProps & {
  schema: Schema;
  defaultValues: DefaultValues<z.input<Schema>>;
  send: (values: z.output<Schema>, setError: UseFormSetError<z.input<Schema>>) => Promise<unknown>;
  successText: string;
}) {
  const form = useSchemaForm(schema, defaultValues);
  const onSubmit = formSubmit(form.handleSubmit, async (values) => {
    if (!(await send(values, form.setError))) return;
    onClose();
    onSent({
      title: t('modal.contact_form.success_title'),
      description: successText,
      actions: [{ label: t('feedback.close') }],
    });
  });
  return { form, onSubmit };
}

export function ContactDialog({
  intro,
  onClose,
  onSubmit,
  submitting,
  children,
}: {
  intro: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  children: ReactNode;
}) {
  const formId = useId();
  const brand = useBrand();
  return (
    <ModalDialog
      open
      onClose={onClose}
      title={t('modal.contact_form.title')}
      description={intro}
      className="dialog contact-modal"
    >
      <form id={formId} className="form contact-modal__body" noValidate onSubmit={onSubmit}>
        {children}
        <p className="contact-modal__privacy">
          {t('modal.contact_form.privacy', { entity: brand.legalEntity.name })}
          <ExternalLink href={privacyRoutes.notice.to()}>{t('modal.contact_form.privacy_link')}</ExternalLink>
          .
        </p>
      </form>
      <div className="contact-modal__footer" data-testid="contact-modal-footer">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {formText('cancel')}
        </button>
        <button type="submit" form={formId} className="button button--primary" disabled={submitting}>
          {submitting ? formText('submitting') : formText('submit')}
        </button>
      </div>
    </ModalDialog>
  );
}

type MessageField = 'phone' | 'subject' | 'message';

/** Mobile phone, subject and message, registered by the form that shows them. */
export function MessageFields({
  register,
  errors,
}: {
  register: (name: MessageField) => UseFormRegisterReturn;
  errors: Partial<Record<MessageField, FieldError>>;
}) {
  return (
    <>
      <TextField
        label={formText('phone')}
        hint={formText('phone_hint')}
        error={errors.phone?.message}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        {...register('phone')}
      />
      <SelectField
        label={formText('subject')}
        placeholder={formText('subject_placeholder')}
        options={CONTACT_SUBJECTS.map((subject) => ({
          value: subject,
          label: t(`modal.contact_form.subjects.${subject}`),
        }))}
        error={errors.subject?.message}
        required
        {...register('subject')}
      />
      <TextAreaField
        label={formText('message')}
        hint={t('modal.contact_form.form.message_hint', { max: CONTACT_MESSAGE_MAX_LENGTH })}
        error={errors.message?.message}
        required
        {...register('message')}
      />
    </>
  );
}
