// /reclami/nuovo: the complaint form (TIQV's online form). The supply shows its POD/PDR; the bill list
// is the chosen supply's contract's; `?fornitura=&bolletta=&categoria=` pre-fill it (from a bill's
// "Contesta questa bolletta" or its prescription notice). Errors show inline; values are kept.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { customerSuppliesQuery } from '../../../shared/api/supplies-query';
import { formatCents, formatIsoDate } from '../../../shared/format/format';
import { FormActions, RequiredNote } from '../../../shared/forms/form-actions';
import { formSubmit } from '../../../shared/forms/form-submit';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { SelectField } from '../../../shared/forms/select-field';
import { setServerErrors } from '../../../shared/forms/server-errors';
import { useAppStore } from '../../../shared/state/app-store';
import { useFeedback } from '../../../shared/ui/feedback-panel';
import { contractBillsQuery, fileComplaint } from '../api/queries';
import { toAttachments } from '../components/attachments';
import { CategoryField, WrittenFields } from '../components/complaint-fields';
import { complaintSchema, type ComplaintValues } from '../components/complaint-schema';
import { PersonCard } from '../components/person-card';
import { t } from '../i18n';
import { complaintRoutes } from '../routes';
import '../complaints.css';

const COMMODITY_CODE: Record<string, string> = { electricity: 'POD', gas: 'PDR', heat: 'Impianto' };

function ComplaintForm({ customerKey }: { customerKey: string }) {
  const [params] = useSearchParams();
  const supplies = useQuery(customerSuppliesQuery(customerKey));
  const send = useMutation(fileComplaint);
  const feedback = useFeedback();
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  const { register, handleSubmit, setError, control, formState } = useSchemaForm(complaintSchema, {
    supplyKey: params.get('fornitura') ?? '',
    category: params.get('categoria') ?? '',
    invoiceNumber: params.get('bolletta') ?? '',
    // The prescription notice of a bill leads here: the objection is written for the customer.
    body:
      params.get('categoria') === 'prescription'
        ? t('complaints.form.prescription_text', { number: params.get('bolletta') ?? '' })
        : '',
    contactPreference: 'email',
  });
  const supplyKey = useWatch({ control, name: 'supplyKey' });
  const supply = supplies.data?.supplies.find((s) => s.key === supplyKey);
  const bills = useQuery({
    ...contractBillsQuery(customerKey, supply?.contract.id ?? ''),
    enabled: Boolean(supply),
  });
  const { errors, isSubmitting } = formState;

  async function onValid(values: ComplaintValues) {
    if (filesError) return;
    try {
      const filed = await send.mutateAsync({
        body: {
          supplyKey: values.supplyKey,
          category: values.category,
          body: values.body,
          contactPreference: values.contactPreference,
          ...(values.invoiceNumber ? { invoiceNumber: values.invoiceNumber } : {}),
          attachments: await toAttachments(files),
        },
      });
      feedback.show({
        title: t('complaints.form.sent_title'),
        description: t('complaints.form.sent_text', {
          number: filed.key,
          date: formatIsoDate(filed.dueDate),
        }),
        actions: [{ label: t('complaints.form.open_it'), to: complaintRoutes.detail.to({ id: filed.key }) }],
      });
    } catch (failure) {
      const fields = ['supplyKey', 'category', 'body', 'invoiceNumber', 'contactPreference'] as const;
      if (!setServerErrors(failure, setError, fields)) {
        const message = failure instanceof Error ? failure.message : t('complaints.form.errors.failed');
        setFilesError(message);
      }
    }
  }

  const supplyOptions = (supplies.data?.supplies ?? []).map((s) => ({
    value: s.key,
    label: `${COMMODITY_CODE[s.commodity] ?? ''} ${s.pointCode} – ${s.address.address}, ${s.address.locality}`,
  }));
  const billOptions = (bills.data?.invoices ?? []).map((bill) => ({
    value: bill.number,
    label: t('complaints.form.bill_option', {
      number: bill.number,
      date: formatIsoDate(bill.issueDate),
      amount: formatCents(bill.amountCents),
    }),
  }));
  return (
    <form className="form complaint-form" noValidate onSubmit={formSubmit(handleSubmit, onValid)}>
      <RequiredNote />
      <CategoryField register={register} errors={errors} />
      <SelectField
        label={t('complaints.form.supply')}
        placeholder={t('complaints.form.supply_placeholder')}
        options={supplyOptions}
        error={errors.supplyKey?.message}
        required
        {...register('supplyKey')}
      />
      <SelectField
        label={t('complaints.form.bill')}
        hint={t('complaints.form.bill_hint')}
        placeholder={t('complaints.form.bill_placeholder')}
        options={billOptions}
        error={errors.invoiceNumber?.message}
        {...register('invoiceNumber')}
      />
      <WrittenFields
        register={register}
        errors={errors}
        control={control}
        files={files}
        filesError={filesError}
        onFiles={(chosen, problem) => {
          setFiles(problem ? [] : chosen);
          setFilesError(problem);
        }}
      />
      <FormActions
        submitting={isSubmitting}
        cancelTo={complaintRoutes.list.to()}
        submitLabel={t('complaints.form.submit')}
      />
      {feedback.panel}
    </form>
  );
}

export default function NewComplaintPage() {
  const customer = useAppStore((state) => state.customer);
  if (!customer) return null;
  return (
    <div className="page">
      <p>
        <Link to={complaintRoutes.list.to()}>{t('complaints.detail.back')}</Link>
      </p>
      <h1 className="page__title">{t('complaints.titles.create')}</h1>
      <p className="page__intro">{t('complaints.form.intro')}</p>
      <ComplaintForm customerKey={customer.key} key={customer.key} />
      <PersonCard />
    </div>
  );
}
