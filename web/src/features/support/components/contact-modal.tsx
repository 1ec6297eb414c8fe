// The write-us modal (SPEC §2 "Contact form modal", §5): contract (among the customer's, shown by
// number), mobile phone prefilled from the account, one of the seven subjects, message, and the
// privacy notice naming the brand's legal entity. Checked only after the first submit; it posts
// only when every field passes; success closes it and shows the feedback panel.
import { erpSupport, erpSupplies } from '@sportello/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callMutation } from '../../../shared/api/call-query';
import { customerContractsQuery } from '../../../shared/api/supplies-query';
import { useBrand } from '../../../shared/brands/use-brand';
import { SelectField } from '../../../shared/forms/select-field';
import { useAppStore } from '../../../shared/state/app-store';
import { t } from '../i18n';
import {
  ContactDialog,
  formText,
  MessageFields,
  useContactForm,
  type ContactModalProps,
} from './contact-dialog';
import { contactSchema, toContactPayload } from './contact-form-schema';

/** A contact is a request: the requests page shows it at once. */
const sendContact = callMutation(erpSupport.requestInformation, {
  invalidates: () => [erpSupplies.listRequests],
});

export default function ContactModal({ onClose, onSent }: ContactModalProps) {
  const brand = useBrand();
  const customer = useAppStore((state) => state.customer);
  const contracts = useQuery({
    ...customerContractsQuery(customer?.key ?? ''),
    enabled: Boolean(customer),
  });
  const send = useMutation(sendContact);
  const { form, onSubmit } = useContactForm({
    schema: contactSchema,
    defaultValues: { contractKey: '', phone: customer?.account.phoneMobile ?? '', subject: '', message: '' },
    send: (values) =>
      send.mutateAsync({ body: toContactPayload(values, customer?.key, brand.code) }).catch(() => null),
    successText: t('modal.contact_form.success_text'),
    onClose,
    onSent,
  });
  const { errors, isSubmitting } = form.formState;

  const contractOptions = (contracts.data?.contracts ?? []).map((contract) => ({
    value: contract.key,
    label: t('modal.contact_form.form.contract_option', { number: contract.number }),
  }));

  return (
    <ContactDialog
      intro={t('modal.contact_form.intro')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={isSubmitting}
    >
      <SelectField
        label={formText('contract_key')}
        placeholder={contracts.isPending ? formText('loading_contracts') : formText('contract_placeholder')}
        options={contractOptions}
        error={errors.contractKey?.message}
        required
        {...form.register('contractKey')}
      />
      <MessageFields register={form.register} errors={errors} />
    </ContactDialog>
  );
}
