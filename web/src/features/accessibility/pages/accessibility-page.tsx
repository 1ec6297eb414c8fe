// /accessibilita: the accessibility statement in AgID's model order (ADR 032). The status comes
// first; then what we know is not accessible, how and when we evaluated, the feedback form with its
// 30-day answer, following a report, and the way to AgID when we do not answer.
import {
  ACCESSIBILITY_FEEDBACK_REPLY_DAYS,
  ACCESSIBILITY_STATEMENT,
  AGID_ACCESSIBILITY_COMPLAINT_URL,
  formatDateLong,
} from '@sportello/domain';
import { useBrand } from '../../../shared/brands/use-brand';
import { useAppStore } from '../../../shared/state/app-store';
import { ExternalLink } from '../../../shared/ui/external-link';
import { FeedbackForm } from '../components/feedback-form';
import { FeedbackLookup } from '../components/feedback-lookup';
import { t } from '../i18n';
import '../accessibility.css';

const LIMITS = ['pdf', 'payment', 'app', 'third_party'] as const;
const METHODS = ['automated', 'manual'] as const;

export default function AccessibilityPage() {
  const brand = useBrand();
  const loggedIn = useAppStore((state) => state.user !== null && state.customer !== null);
  const days = ACCESSIBILITY_FEEDBACK_REPLY_DAYS;
  return (
    <div className="page accessibility-page">
      <div className="page__head">
        <div>
          <h1 className="page__title">{t('accessibility.statement.heading')}</h1>
        </div>
      </div>

      <section className="accessibility-status" aria-labelledby="accessibility-status-title">
        <h2 id="accessibility-status-title">{t('accessibility.statement.status_label')}</h2>
        <p className="accessibility-status__value">
          {t(`accessibility.statement.status.${ACCESSIBILITY_STATEMENT.status}`)}
        </p>
        <p>
          {t('accessibility.statement.status_text', {
            brand: brand.name,
            standard: ACCESSIBILITY_STATEMENT.standard,
          })}
        </p>
        <p>
          {t('accessibility.statement.evaluated_on', {
            date: formatDateLong(ACCESSIBILITY_STATEMENT.evaluatedOn),
          })}
        </p>
      </section>

      <p>{t('accessibility.statement.scope', { legal: brand.legalEntity.name })}</p>

      <section aria-labelledby="accessibility-limits-title">
        <h2 id="accessibility-limits-title">{t('accessibility.statement.limits_title')}</h2>
        <p>{t('accessibility.statement.limits_intro')}</p>
        <ul>
          {LIMITS.map((limit) => (
            <li key={limit}>{t(`accessibility.statement.limits.${limit}`)}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="accessibility-method-title">
        <h2 id="accessibility-method-title">{t('accessibility.statement.method_title')}</h2>
        <ul>
          {METHODS.map((method) => (
            <li key={method}>{t(`accessibility.statement.method.${method}`)}</li>
          ))}
        </ul>
        <p>
          {t('accessibility.statement.published_on', {
            date: formatDateLong(ACCESSIBILITY_STATEMENT.publishedOn),
          })}
        </p>
      </section>

      <section aria-labelledby="accessibility-feedback-title">
        <h2 id="accessibility-feedback-title">{t('accessibility.statement.feedback_title')}</h2>
        <p>{t('accessibility.statement.feedback_intro', { days })}</p>
        {loggedIn ? <p>{t('accessibility.statement.feedback_logged_in')}</p> : null}
        <FeedbackForm />
      </section>

      <section aria-labelledby="accessibility-lookup-title">
        <h2 id="accessibility-lookup-title">{t('accessibility.lookup.title')}</h2>
        <p>{t('accessibility.lookup.intro')}</p>
        <FeedbackLookup />
      </section>

      <section aria-labelledby="accessibility-enforcement-title">
        <h2 id="accessibility-enforcement-title">{t('accessibility.statement.enforcement_title')}</h2>
        <p>{t('accessibility.statement.enforcement_text', { days })}</p>
        <p>
          <ExternalLink href={AGID_ACCESSIBILITY_COMPLAINT_URL}>
            {t('accessibility.statement.enforcement_link')}
          </ExternalLink>
        </p>
      </section>
    </div>
  );
}
