// The statement's feedback form: logged in with a chosen customer it files the report on that customer
// (a practice too), otherwise with the guest session. The success panel gives the reference and the
// answer date; a refusal shows its field messages or popup and keeps what was typed.
import { accessibility } from '@sportello/contract';
import { formatDate } from '@sportello/domain';
import { useMutation } from '@tanstack/react-query';
import { callMutation } from '../../../shared/api/call-query';
import { useBrand } from '../../../shared/brands/use-brand';
import { formSubmit } from '../../../shared/forms/form-submit';
import { RequiredNote } from '../../../shared/forms/form-actions';
import { TextAreaField } from '../../../shared/forms/select-field';
import { setServerErrors } from '../../../shared/forms/server-errors';
import { TextField } from '../../../shared/forms/text-field';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useAppStore } from '../../../shared/state/app-store';
import { ExternalLink } from '../../../shared/ui/external-link';
import { useFeedback } from '../../../shared/ui/feedback-panel';
import { privacyRoutes } from '../../privacy/routes';
import { requestRoutes } from '../../requests/routes';
import { t } from '../i18n';
import {
  feedbackSchema,
  toFeedbackPayload,
  type FeedbackOutput,
  type FeedbackValues,
} from './feedback-form-schema';

const sendLoggedIn = callMutation(accessibility.sendAccessibilityFeedback);
const sendLoggedOut = callMutation(accessibility.sendGuestAccessibilityFeedback);

const EMPTY: FeedbackValues = { name: '', email: '', page: '', description: '' };

export function FeedbackForm() {
  const brand = useBrand();
  const customer = useAppStore((state) => (state.user ? state.customer : null));
  const loggedIn = useMutation(sendLoggedIn);
  const loggedOut = useMutation(sendLoggedOut);
  const { panel, show } = useFeedback();
  const form = useSchemaForm(feedbackSchema, EMPTY);
  const { register, setError, reset } = form;
  const { errors, isSubmitting } = form.formState;

  const onValid = async (values: FeedbackOutput) => {
    const body = toFeedbackPayload(values, brand.code);
    try {
      const sent = customer
        ? await loggedIn.mutateAsync({ body: { ...body, customerKey: customer.key } })
        : await loggedOut.mutateAsync({ body });
      reset(EMPTY);
      show({
        title: t('accessibility.sent.title'),
        description: t('accessibility.sent.description', {
          reference: sent.reference,
          date: formatDate(sent.dueOn),
        }),
        actions: sent.requestKey
          ? [{ label: t('accessibility.sent.to_practices'), to: requestRoutes.list.to() }]
          : [{ label: t('accessibility.sent.close') }],
      });
    } catch (failure) {
      setServerErrors(failure, setError, ['name', 'email', 'page', 'description']);
    }
  };

  return (
    <form className="form" noValidate onSubmit={formSubmit(form.handleSubmit, onValid)}>
      <RequiredNote />
      <TextField
        label={t('accessibility.form.name')}
        error={errors.name?.message}
        autoComplete="name"
        required
        {...register('name')}
      />
      <TextField
        label={t('accessibility.form.email')}
        hint={t('accessibility.form.email_hint')}
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        required
        {...register('email')}
      />
      <TextField
        label={t('accessibility.form.page')}
        hint={t('accessibility.form.page_hint')}
        error={errors.page?.message}
        {...register('page')}
      />
      <TextAreaField
        label={t('accessibility.form.description')}
        hint={t('accessibility.form.description_hint')}
        error={errors.description?.message}
        rows={6}
        required
        {...register('description')}
      />
      {/* No consent tick: answering a report is our legal duty; the notice says how we use the data. */}
      <p>
        {t('accessibility.form.privacy')}{' '}
        <ExternalLink href={privacyRoutes.notice.to()}>{t('accessibility.form.privacy_link')}</ExternalLink>
      </p>
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? t('accessibility.form.submitting') : t('accessibility.form.submit')}
        </button>
      </div>
      {panel}
    </form>
  );
}
