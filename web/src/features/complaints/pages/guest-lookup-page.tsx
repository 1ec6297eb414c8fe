// /reclami/consulta: a complaint filed without an account, looked up with its number and the code of its
// receipt (ADR 063). The receipt mail's link fills the number (?numero=); the code is always typed, never
// carried in a URL. It shows the state, the reply's and the rectification's clocks, the answer and the
// receipt PDF. A wrong code and an unknown number get the same message; too many tries, the limit's.
import type { erpComplaints } from '@sportello/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { ApiFailure } from '../../../shared/api/api-client';
import { base64ToBlob, saveBlob } from '../../../shared/files/download';
import { formatInstantDate } from '../../../shared/format/format';
import { RequiredNote } from '../../../shared/forms/form-actions';
import { formSubmit } from '../../../shared/forms/form-submit';
import { requiredText } from '../../../shared/forms/rules';
import { TextField } from '../../../shared/forms/text-field';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { lookUpGuestComplaint } from '../api/queries';
import { ComplaintClock } from '../components/complaint-clock';
import { PersonCard } from '../components/person-card';
import { t } from '../i18n';
import '../complaints.css';

const lookupSchema = z.object({
  key: requiredText(40, t('complaints.lookup.errors.key')),
  code: requiredText(40, t('complaints.lookup.errors.code')),
});

function Found({ complaint: c }: { complaint: erpComplaints.GuestComplaint }) {
  return (
    <section className="complaint-receipt" aria-labelledby="lookup-found">
      <h2 id="lookup-found">{t('complaints.list.number', { number: c.key })}</h2>
      <p>
        {c.categoryLabel} · {t('complaints.list.filed', { date: formatInstantDate(c.filedAt) })}
      </p>
      <ComplaintClock complaint={c} />
      <h3>{t('complaints.detail.answer')}</h3>
      <p className="complaint-text">{c.answer ?? t('complaints.detail.no_answer')}</p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => saveBlob(base64ToBlob(c.pdf, 'application/pdf'), `reclamo-${c.key}.pdf`)}
      >
        {t('complaints.detail.download')}
      </button>
    </section>
  );
}

export default function GuestLookupPage() {
  const [params] = useSearchParams();
  const send = useMutation(lookUpGuestComplaint);
  const [found, setFound] = useState<erpComplaints.GuestComplaint | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useSchemaForm(lookupSchema, {
    key: params.get('numero') ?? '',
    code: '',
  });
  const { errors, isSubmitting } = formState;

  async function onValid(values: z.output<typeof lookupSchema>) {
    setRefusal(null);
    try {
      setFound(await send.mutateAsync({ body: values }));
    } catch (failure) {
      setFound(null);
      setRefusal(failure instanceof ApiFailure ? failure.message : t('complaints.lookup.failed'));
    }
  }

  return (
    <div className="page">
      <h1 className="page__title">{t('complaints.titles.lookup')}</h1>
      <p className="page__intro">{t('complaints.lookup.intro')}</p>
      <form className="form" noValidate onSubmit={formSubmit(handleSubmit, onValid)}>
        <RequiredNote />
        <TextField
          label={t('complaints.lookup.key')}
          autoCapitalize="characters"
          autoComplete="off"
          error={errors.key?.message}
          required
          {...register('key')}
        />
        <TextField
          label={t('complaints.lookup.code')}
          hint={t('complaints.lookup.code_hint')}
          autoCapitalize="characters"
          autoComplete="off"
          error={errors.code?.message}
          required
          {...register('code')}
        />
        <p role="alert" className="form__error">
          {refusal ?? ''}
        </p>
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('complaints.lookup.submit')}
        </button>
      </form>
      {found ? <Found complaint={found} /> : null}
      <PersonCard />
    </div>
  );
}
