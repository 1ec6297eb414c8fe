// The profile's privacy rights (ADR 069): where the notice and the archive are, a form to ask for
// erasure (art. 17) or to object (art. 21), and the requests filed with their state and the day the
// answer is due (one month, GDPR art. 12(3)). A second request of a kind still open is refused by the
// server with its Italian message, shown beside the form.
import { privacy } from '@sportello/contract';
import { formatDate, GDPR_REPLY_MONTHS, requestStatusLabel } from '@sportello/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import * as z from 'zod/mini';
import { formSubmit } from '../../../shared/forms/form-submit';
import { SelectField, TextAreaField } from '../../../shared/forms/select-field';
import { setServerErrors } from '../../../shared/forms/server-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useFeedback } from '../../../shared/ui/feedback-panel';
import { privacyRoutes } from '../../privacy/routes';
import { filePrivacyRequest, privacyRequestsQuery } from '../api/privacy-requests-api';
import { t } from '../i18n';
import { profileRoutes } from '../routes';

const schema = z.object({
  kind: z.string().check(z.refine((v) => v !== '', t('profile.privacy.rights.kind_required'))),
  reason: z
    .string()
    .check(
      z.trim(),
      z.maxLength(
        privacy.PRIVACY_REASON_MAX_LENGTH,
        t('profile.privacy.rights.reason_too_long', { max: privacy.PRIVACY_REASON_MAX_LENGTH }),
      ),
    ),
});
type Values = z.input<typeof schema>;
const EMPTY: Values = { kind: '', reason: '' };

function RequestList({ customerId }: { customerId: string }) {
  const { data, status } = useQuery(privacyRequestsQuery(customerId));
  if (status === 'pending') return <p className="card__muted">{t('profile.privacy.rights.loading')}</p>;
  if (!data) return <p className="card__muted">{t('profile.privacy.rights.error')}</p>;
  if (data.length === 0) return <p className="card__muted">{t('profile.privacy.rights.empty')}</p>;
  return (
    <ul className="archive-list">
      {data.map((request) => (
        <li key={request.key} className="archive-item">
          <div className="archive-item__body">
            <p className="archive-item__name">{t(`profile.privacy.rights.kinds.${request.kind}`)}</p>
            <p className="archive-item__meta">
              {t('profile.privacy.rights.state', {
                status: requestStatusLabel(request.status),
                received: formatDate(request.receivedOn),
                due: formatDate(request.dueOn),
              })}
            </p>
            {request.answer ? <p>{request.answer}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function PrivacyRequests({ customerId }: { customerId: string }) {
  const file = useMutation(filePrivacyRequest);
  const { panel, show } = useFeedback();
  const form = useSchemaForm(schema, EMPTY);
  const { register, setError, reset } = form;
  const { errors, isSubmitting } = form.formState;

  const onValid = async (values: z.output<typeof schema>) => {
    try {
      const filed = await file.mutateAsync({
        params: { id: customerId },
        body: {
          kind: values.kind as privacy.PrivacyRequest['kind'],
          ...(values.reason ? { reason: values.reason } : {}),
        },
      });
      reset(EMPTY);
      show({
        title: t('profile.privacy.rights.sent_title'),
        description: t('profile.privacy.rights.sent', { date: formatDate(filed.dueOn) }),
        actions: [{ label: t('profile.privacy.rights.close') }],
      });
    } catch (failure) {
      setServerErrors(failure, setError, ['kind', 'reason']);
    }
  };

  return (
    <section aria-labelledby="privacy-rights-title" className="profile-privacy-rights">
      <h2 id="privacy-rights-title">{t('profile.privacy.rights.heading')}</h2>
      <p>{t('profile.privacy.rights.intro', { months: GDPR_REPLY_MONTHS })}</p>
      <ul>
        <li>
          <Link to={privacyRoutes.notice.to()}>{t('profile.privacy.rights.notice')}</Link>
        </li>
        <li>
          <Link to={profileRoutes.archives.to()}>{t('profile.privacy.rights.archive')}</Link>
        </li>
      </ul>
      <form className="form" noValidate onSubmit={formSubmit(form.handleSubmit, onValid)}>
        <SelectField
          label={t('profile.privacy.rights.kind')}
          placeholder={t('profile.privacy.rights.kind_placeholder')}
          options={privacy.PRIVACY_REQUEST_KINDS.map((kind) => ({
            value: kind,
            label: t(`profile.privacy.rights.kinds.${kind}`),
          }))}
          error={errors.kind?.message}
          required
          {...register('kind')}
        />
        <TextAreaField
          label={t('profile.privacy.rights.reason')}
          hint={t('profile.privacy.rights.reason_hint')}
          error={errors.reason?.message}
          rows={4}
          {...register('reason')}
        />
        {file.isError && !errors.kind && !errors.reason ? (
          <p className="form__error" role="alert">
            {file.error.message}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {isSubmitting ? t('profile.privacy.rights.sending') : t('profile.privacy.rights.submit')}
          </button>
        </div>
        {panel}
      </form>
      <h3>{t('profile.privacy.rights.list_heading')}</h3>
      <RequestList customerId={customerId} />
    </section>
  );
}
