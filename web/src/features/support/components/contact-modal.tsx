// The write-us modal (SPEC §1 "Contact form modal", §5): contract (among the customer's, shown by
// number), mobile phone prefilled from the account, one of the seven subjects, message, and the
// privacy notice naming the brand's legal entity. Checked only after the first submit; it posts
// only when every field passes; success closes it and shows the feedback panel. Under 992 px the
// submit button sits in the modal's footer, which stays in view while the form scrolls.
import { zodResolver } from '@hookform/resolvers/zod';
import { erpServices, erpSupplies, PAGE_SIZE } from '@sportello/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { callMutation, callQueryOptions } from '../../../shared/api/call-query';
import { useBrand } from '../../../shared/brands/use-brand';
import { formSubmit } from '../../../shared/forms/form-submit';
import { SelectField, TextAreaField } from '../../../shared/forms/select-field';
import { TextField } from '../../../shared/forms/text-field';
import { useAppStore } from '../../../shared/state/app-store';
import { ExternalLink } from '../../../shared/ui/external-link';
import type { Feedback } from '../../../shared/ui/feedback-panel';
import { ModalDialog } from '../../../shared/ui/modal-dialog';
import { t } from '../i18n';
import { contactSchema, toContactPayload, type ContactValues } from './contact-form-schema';
import '../support.css';

const { CONTACT_SUBJECTS, CONTACT_MESSAGE_MAX_LENGTH } = erpServices;

/** A contact is a request: practices show it at once. */
const sendContact = callMutation(erpServices.requestInformation, {
  invalidates: () => [erpSupplies.listRequests],
});

export interface ContactModalProps {
  onClose: () => void;
  onSent: (feedback: Feedback) => void;
}

export default function ContactModal({ onClose, onSent }: ContactModalProps) {
  const formId = useId();
  const brand = useBrand();
  const customer = useAppStore((state) => state.customer);
  const contracts = useQuery({
    ...callQueryOptions(erpSupplies.listContracts, {
      query: { customerKey: customer?.key ?? '', pagingTake: PAGE_SIZE.default },
    }),
    enabled: Boolean(customer),
  });
  const send = useMutation(sendContact);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues, unknown, ContactValues>({
    resolver: zodResolver(contactSchema),
    shouldFocusError: false,
    defaultValues: { contractKey: '', phone: customer?.account.phoneMobile ?? '', subject: '', message: '' },
  });

  const onValid = async (values: ContactValues) => {
    // A refusal has shown its popup; the form keeps what was typed.
    const sent = await send
      .mutateAsync({ body: toContactPayload(contactSchema.parse(values), customer?.key, brand.code) })
      .catch(() => null);
    if (!sent) return;
    onClose();
    onSent({
      title: t('modal.contact_form.success_title'),
      description: t('modal.contact_form.success_text'),
      actions: [{ label: t('feedback.close') }],
    });
  };

  const f = (key: string) => t(`modal.contact_form.form.${key}` as 'modal.contact_form.form.submit');
  const contractOptions = (contracts.data?.contracts ?? []).map((contract) => ({
    value: contract.key,
    label: t('modal.contact_form.form.contract_option', { number: contract.number }),
  }));

  return (
    <ModalDialog
      open
      onClose={onClose}
      title={t('modal.contact_form.title')}
      description={t('modal.contact_form.intro')}
      className="dialog contact-modal"
    >
      <form
        id={formId}
        className="form contact-modal__body"
        noValidate
        onSubmit={formSubmit(handleSubmit, onValid)}
      >
        <SelectField
          label={f('contract_key')}
          placeholder={contracts.isPending ? f('loading_contracts') : f('contract_placeholder')}
          options={contractOptions}
          error={errors.contractKey?.message}
          required
          {...register('contractKey')}
        />
        <TextField
          label={f('phone')}
          hint={f('phone_hint')}
          error={errors.phone?.message}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          {...register('phone')}
        />
        <SelectField
          label={f('subject')}
          placeholder={f('subject_placeholder')}
          options={CONTACT_SUBJECTS.map((subject) => ({
            value: subject,
            label: t(`modal.contact_form.subjects.${subject}`),
          }))}
          error={errors.subject?.message}
          required
          {...register('subject')}
        />
        <TextAreaField
          label={f('message')}
          hint={t('modal.contact_form.form.message_hint', { max: CONTACT_MESSAGE_MAX_LENGTH })}
          error={errors.message?.message}
          required
          {...register('message')}
        />
        <p className="contact-modal__privacy">
          {t('modal.contact_form.privacy', { entity: brand.legalEntity.name })}
          <ExternalLink href={brand.privacyUrl}>{t('modal.contact_form.privacy_link')}</ExternalLink>.
        </p>
      </form>
      <div className="contact-modal__footer" data-testid="contact-modal-footer">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {f('cancel')}
        </button>
        <button type="submit" form={formId} className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? f('submitting') : f('submit')}
        </button>
      </div>
    </ModalDialog>
  );
}
