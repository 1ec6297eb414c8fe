// /reclami/modulo: the complaint form without logging in (TIQV: online filing without registration),
// reached from the footer and the help page. It asks only TIQV's minimum content (name, surname, supply
// address, service, POD/PDR or client code, an e-mail); the answer is the receipt (number, due date and
// the code to look it up with, also mailed). A logged-in user is sent to the full form.
import type { erpComplaints } from '@sportello/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatIsoDate } from '../../../shared/format/format';
import { RequiredNote } from '../../../shared/forms/form-actions';
import { formSubmit } from '../../../shared/forms/form-submit';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { setServerErrors } from '../../../shared/forms/server-errors';
import { SelectField } from '../../../shared/forms/select-field';
import { TextField } from '../../../shared/forms/text-field';
import { useAppStore } from '../../../shared/state/app-store';
import { fileGuestComplaint } from '../api/queries';
import { toAttachments } from '../components/attachments';
import { CategoryField, WrittenFields } from '../components/complaint-fields';
import { guestComplaintSchema, type GuestComplaintValues } from '../components/complaint-schema';
import { PersonCard } from '../components/person-card';
import { t } from '../i18n';
import { complaintRoutes } from '../routes';
import '../complaints.css';

const IDENTITY = [
  'firstName',
  'lastName',
  'supplyAddress',
  'commodity',
  'pointCode',
  'customerCode',
  'email',
] as const;

function GuestForm() {
  const send = useMutation(fileGuestComplaint);
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<erpComplaints.GuestReceipt | null>(null);
  const { register, handleSubmit, setError, control, formState } = useSchemaForm(guestComplaintSchema, {
    firstName: '',
    lastName: '',
    supplyAddress: '',
    commodity: 'electricity',
    pointCode: '',
    customerCode: '',
    email: '',
    category: '',
    invoiceNumber: '',
    body: '',
    contactPreference: 'email',
  });
  const { errors, isSubmitting } = formState;

  async function onValid(values: GuestComplaintValues) {
    if (filesError) return;
    try {
      const { invoiceNumber, pointCode, customerCode, ...rest } = values;
      const answer = await send.mutateAsync({
        body: {
          ...rest,
          ...(invoiceNumber ? { invoiceNumber } : {}),
          ...(pointCode ? { pointCode } : {}),
          ...(customerCode ? { customerCode } : {}),
          attachments: await toAttachments(files),
        },
      });
      setReceipt(answer);
    } catch (failure) {
      const fields = [...IDENTITY, 'category', 'body', 'invoiceNumber'] as const;
      if (!setServerErrors(failure, setError, fields)) setFilesError(t('complaints.form.errors.failed'));
    }
  }

  if (receipt) {
    return (
      <div role="status" className="complaint-receipt">
        <h2>{t('complaints.form.sent_title')}</h2>
        <p>
          {t('complaints.form.guest_sent_text', {
            number: receipt.key,
            date: formatIsoDate(receipt.dueDate),
          })}
        </p>
        {receipt.rectificationDueDate ? (
          <p>
            {t('complaints.clock.rectification_due', { date: formatIsoDate(receipt.rectificationDueDate) })}
          </p>
        ) : null}
        <p>
          <strong>{t('complaints.form.guest_code', { code: receipt.lookupCode })}</strong>
        </p>
        <p>
          <Link to={`${complaintRoutes.guestLookup.to()}?numero=${encodeURIComponent(receipt.key)}`}>
            {t('complaints.lookup.submit')}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <form className="form complaint-form" noValidate onSubmit={formSubmit(handleSubmit, onValid)}>
      <RequiredNote />
      <TextField
        label={t('complaints.form.first_name')}
        autoComplete="given-name"
        error={errors.firstName?.message}
        required
        {...register('firstName')}
      />
      <TextField
        label={t('complaints.form.last_name')}
        autoComplete="family-name"
        error={errors.lastName?.message}
        required
        {...register('lastName')}
      />
      <TextField
        label={t('complaints.form.supply_address')}
        autoComplete="street-address"
        error={errors.supplyAddress?.message}
        required
        {...register('supplyAddress')}
      />
      <SelectField
        label={t('complaints.form.commodity')}
        placeholder={t('complaints.form.commodity')}
        options={(['electricity', 'gas', 'both'] as const).map((value) => ({
          value,
          label: t(`complaints.form.commodity_${value}`),
        }))}
        error={errors.commodity?.message}
        required
        {...register('commodity')}
      />
      <TextField
        label={t('complaints.form.point_code')}
        hint={t('complaints.form.point_or_code_hint')}
        autoCapitalize="characters"
        error={errors.pointCode?.message}
        {...register('pointCode')}
      />
      <TextField
        label={t('complaints.form.client_code_optional')}
        hint={t('complaints.form.client_code_hint')}
        inputMode="numeric"
        error={errors.customerCode?.message}
        {...register('customerCode')}
      />
      <TextField
        label={t('complaints.form.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        required
        {...register('email')}
      />
      <CategoryField register={register} errors={errors} />
      <TextField
        label={t('complaints.form.invoice_number')}
        hint={t('complaints.form.bill_hint')}
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
      <button type="submit" className="button button--primary" disabled={isSubmitting}>
        {t('complaints.form.submit')}
      </button>
    </form>
  );
}

export default function GuestComplaintPage() {
  const loggedIn = useAppStore((state) => state.user !== null);
  return (
    <div className="page">
      <h1 className="page__title">{t('complaints.titles.guest')}</h1>
      <p className="page__intro">{t('complaints.form.intro')}</p>
      {loggedIn ? (
        <p>
          <Link to={complaintRoutes.create.to()}>{t('complaints.form.logged_in')}</Link>
        </p>
      ) : (
        <>
          <p>
            <Link to={complaintRoutes.guestLookup.to()}>{t('complaints.lookup.link')}</Link>
          </p>
          <GuestForm />
        </>
      )}
      <PersonCard />
    </div>
  );
}
