// Following a report without logging in: its reference and e-mail find its state, the answer date and
// the days left (the server counts them in Rome's calendar), and the answer once given.
import { accessibility } from '@sportello/contract';
import { formatDate } from '@sportello/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiFailure } from '../../../shared/api/api-client';
import { callMutation } from '../../../shared/api/call-query';
import { formSubmit } from '../../../shared/forms/form-submit';
import { setServerErrors } from '../../../shared/forms/server-errors';
import { TextField } from '../../../shared/forms/text-field';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { showPopup } from '../../../shared/ui/popup-store';
import { t } from '../i18n';
import { lookupSchema, type LookupOutput } from './feedback-form-schema';

// Quiet: a wrong reference/e-mail pair is said under the fields, not in a popup as well.
const findFeedback = callMutation(accessibility.findAccessibilityFeedback, { quiet: true });

function countdown(daysLeft: number) {
  if (daysLeft > 0) return t('accessibility.lookup.days_left', { count: daysLeft });
  if (daysLeft === 0) return t('accessibility.lookup.due_today');
  return t('accessibility.lookup.overdue', { count: -daysLeft });
}

function Result({ feedback }: { feedback: accessibility.AccessibilityFeedback }) {
  return (
    <section className="accessibility-result" aria-labelledby="accessibility-result-title" aria-live="polite">
      <h3 id="accessibility-result-title">
        {t('accessibility.lookup.result_title', { reference: feedback.reference })}
      </h3>
      <p className="accessibility-result__status">{t(`accessibility.lookup.status.${feedback.status}`)}</p>
      <ul>
        <li>{t('accessibility.lookup.received_on', { date: formatDate(feedback.receivedOn) })}</li>
        <li>{t('accessibility.lookup.due_on', { date: formatDate(feedback.dueOn) })}</li>
        {feedback.status === 'open' ? <li>{countdown(feedback.daysLeft)}</li> : null}
      </ul>
      {feedback.answer ? (
        <>
          <h4>{t('accessibility.lookup.answer')}</h4>
          <p>{feedback.answer}</p>
        </>
      ) : null}
    </section>
  );
}

export function FeedbackLookup() {
  const find = useMutation(findFeedback);
  const form = useSchemaForm(lookupSchema, { reference: '', email: '' });
  const { register, setError } = form;
  const { errors, isSubmitting } = form.formState;

  const onValid = async (values: LookupOutput) => {
    await find.mutateAsync({ body: values }).catch((failure: unknown) => {
      if (setServerErrors(failure, setError, ['reference', 'email'])) return;
      showPopup(failure instanceof ApiFailure ? { text: failure.message } : {});
    });
  };

  return (
    <>
      <form className="form" noValidate onSubmit={formSubmit(form.handleSubmit, onValid)}>
        <TextField
          label={t('accessibility.lookup.reference')}
          error={errors.reference?.message}
          autoComplete="off"
          required
          {...register('reference')}
        />
        <TextField
          label={t('accessibility.form.email')}
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          required
          {...register('email')}
        />
        <div className="form-actions">
          <button type="submit" className="button button--secondary" disabled={isSubmitting}>
            {t('accessibility.lookup.submit')}
          </button>
        </div>
      </form>
      {find.data ? <Result feedback={find.data} /> : null}
    </>
  );
}
