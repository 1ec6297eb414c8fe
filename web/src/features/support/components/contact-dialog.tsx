// What both write-us modals share (SPEC §2 "Contact form modal"): the dialog with its form, the phone,
// subject and message fields, the privacy notice naming the brand's legal entity, and the footer
// whose submit button, under 992 px, stays in view while the form scrolls.
import { erpServices } from '@sportello/contract';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useBrand } from '../../../shared/brands/use-brand';
import { SelectField, TextAreaField } from '../../../shared/forms/select-field';
import { TextField } from '../../../shared/forms/text-field';
import { ExternalLink } from '../../../shared/ui/external-link';
import { ModalDialog } from '../../../shared/ui/modal-dialog';
import { t } from '../i18n';
import '../support.css';

const { CONTACT_SUBJECTS, CONTACT_MESSAGE_MAX_LENGTH } = erpServices;

export const formText = (key: string) =>
  t(`modal.contact_form.form.${key}` as 'modal.contact_form.form.submit');

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
          <ExternalLink href={brand.privacyUrl}>{t('modal.contact_form.privacy_link')}</ExternalLink>.
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

/** Mobile phone, subject and message, registered by the form that shows them. */
export function MessageFields({
  fields,
  errors,
}: {
  fields: Record<'phone' | 'subject' | 'message', UseFormRegisterReturn>;
  errors: Partial<Record<'phone' | 'subject' | 'message', string>>;
}) {
  return (
    <>
      <TextField
        label={formText('phone')}
        hint={formText('phone_hint')}
        error={errors.phone}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        {...fields.phone}
      />
      <SelectField
        label={formText('subject')}
        placeholder={formText('subject_placeholder')}
        options={CONTACT_SUBJECTS.map((subject) => ({
          value: subject,
          label: t(`modal.contact_form.subjects.${subject}`),
        }))}
        error={errors.subject}
        required
        {...fields.subject}
      />
      <TextAreaField
        label={formText('message')}
        hint={t('modal.contact_form.form.message_hint', { max: CONTACT_MESSAGE_MAX_LENGTH })}
        error={errors.message}
        required
        {...fields.message}
      />
    </>
  );
}
