// "Conferma che sei tu" (ADR 022): the code goes to a contact already on file for the customer (shown
// masked, the applicant picks one when both exist); with nothing on file, the number and total of a
// recent bill are asked instead. The proof is kept in the draft and checked when the user is created,
// or, with `onProof`, handed on at once (a logged-in user linking a contract).
import type { registration } from '@sportello/contract';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type * as z from 'zod/mini';
import { registration as calls } from '@sportello/contract';
import { ApiFailure } from '../../../shared/api/api-client';
import { TextField } from '../../../shared/forms/text-field';
import { send } from '../api/send';
import { updateDraft, type RegistrationDraft } from '../draft';
import { t } from '../i18n';
import { registrationRoutes } from '../routes';
import { SubmitButton } from './step-page';

type Contact = z.output<typeof registration.registrationContactSchema>;
type Customer = NonNullable<RegistrationDraft['customer']>;
export type Proof = z.output<typeof registration.registrationProofSchema>;

export function ProofForm({
  customer,
  onProof,
}: {
  customer: Customer;
  onProof?: (proof: Proof) => Promise<void>;
}) {
  const navigate = useNavigate();
  const contacts: Contact[] = customer.contacts ?? [];
  const [channel, setChannel] = useState<Contact['channel'] | undefined>(contacts[0]?.channel);
  const [sent, setSent] = useState<{ workflowId: string; sentTo: string } | null>(null);
  const [values, setValues] = useState({ code: '', invoiceNumber: '', invoiceTotal: '' });
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const sendCode = async () => {
    if (!channel) return;
    setBusy(true);
    const { customerType, customerCode, taxCode } = customer;
    const started = await send(calls.registrationCodeStart, {
      body: { customerType, customerCode, taxCode, channel },
    }).catch(() => null);
    setBusy(false);
    if (started) setSent(started);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (contacts.length > 0 && !sent) return sendCode();
    const proof = sent
      ? { workflowId: sent.workflowId, code: values.code.trim() }
      : { invoiceNumber: values.invoiceNumber.trim(), invoiceTotal: values.invoiceTotal.trim() };
    const missing = sent
      ? !/^\d{4}$/.test(values.code.trim())
      : !values.invoiceNumber.trim() || !values.invoiceTotal.trim();
    if (missing) {
      setError(t(sent ? 'registration.proof.code_format' : 'registration.proof.bill_required'));
      return;
    }
    if (onProof) {
      setBusy(true);
      await onProof(proof).finally(() => setBusy(false));
      return;
    }
    updateDraft({ customer: { ...customer, proof } });
    await navigate(registrationRoutes.username.to());
  };

  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues({ ...values, [name]: e.target.value }),
  });

  return (
    <form className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <h2>{t('registration.proof.heading')}</h2>
      {contacts.length === 0 ? (
        <>
          <p>{t('registration.proof.bill_intro')}</p>
          <TextField
            label={t('registration.proof.invoice_number')}
            required
            autoComplete="off"
            error={error}
            {...field('invoiceNumber')}
          />
          <TextField
            label={t('registration.proof.invoice_total')}
            hint={t('registration.proof.invoice_total_hint')}
            required
            inputMode="decimal"
            autoComplete="off"
            {...field('invoiceTotal')}
          />
        </>
      ) : sent ? (
        <>
          <p role="status">{t('registration.proof.sent', { to: sent.sentTo })}</p>
          <TextField
            label={t('registration.proof.code')}
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={4}
            error={error}
            {...field('code')}
          />
          <button type="button" className="button button--ghost" onClick={() => setSent(null)}>
            {t('registration.proof.resend')}
          </button>
        </>
      ) : (
        <fieldset className="registration__group">
          <legend>{t('registration.proof.choose')}</legend>
          {contacts.map((contact) => (
            <label key={contact.channel} className="form__check">
              <input
                type="radio"
                name="channel"
                checked={channel === contact.channel}
                onChange={() => setChannel(contact.channel)}
              />
              {t(`registration.proof.channel.${contact.channel}`, { to: contact.masked })}
            </label>
          ))}
        </fieldset>
      )}
      <SubmitButton
        submitting={busy}
        label={contacts.length > 0 && !sent ? t('registration.proof.send') : t('registration.next')}
      />
    </form>
  );
}

/** Whether a createUser refusal is about the proof: the applicant goes back to the proof step. */
export const isProofFailure = (failure: unknown) =>
  failure instanceof ApiFailure &&
  (failure.errors.some((e) => e.field?.startsWith('customer.proof')) ||
    /codice|bollett/i.test(failure.message));
