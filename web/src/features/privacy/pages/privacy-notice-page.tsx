// /privacy: the brand's privacy notice (GDPR arts. 13-14; ADR 069). The controller is the brand's legal
// entity; purposes, recipients, sources and rights are domain data the data archive repeats (art. 15),
// so the page and the archive cannot differ. Each right says where the portal lets you use it.
import {
  GARANTE_PRIVACY,
  GDPR_REPLY_MONTHS,
  PRIVACY_PURPOSES,
  PRIVACY_RECIPIENTS,
  PRIVACY_RIGHTS,
  PRIVACY_SOURCES,
} from '@sportello/domain';
import { Link } from 'react-router';
import { useBrand } from '../../../shared/brands/use-brand';
import { useAppStore } from '../../../shared/state/app-store';
import { ExternalLink } from '../../../shared/ui/external-link';
import { profileRoutes } from '../../profile/routes';
import { t } from '../i18n';
import { privacyRoutes } from '../routes';
import { ControllerSection } from '../components/controller-section';
import '../privacy.css';

function RightsLinks() {
  const loggedIn = useAppStore((state) => state.user !== null);
  if (!loggedIn) return <p>{t('privacy.notice.logged_out_hint')}</p>;
  return (
    <ul className="privacy-links">
      <li>
        <Link to={profileRoutes.archives.to()}>{t('privacy.notice.go_archive')}</Link>
      </li>
      <li>
        <Link to={profileRoutes.managePrivacy.to()}>{t('privacy.notice.go_privacy_area')}</Link>
      </li>
    </ul>
  );
}

export default function PrivacyNoticePage() {
  const brand = useBrand();
  return (
    <div className="page privacy-page">
      <div className="page__head">
        <div>
          <h1 className="page__title">{t('privacy.notice.heading')}</h1>
        </div>
      </div>
      <p>{t('privacy.notice.intro', { brand: brand.name })}</p>

      <ControllerSection title={t('privacy.notice.controller_title')} />

      <section aria-labelledby="privacy-data-title">
        <h2 id="privacy-data-title">{t('privacy.notice.data_title')}</h2>
        <p>{t('privacy.notice.data')}</p>
      </section>

      <section aria-labelledby="privacy-purposes-title">
        <h2 id="privacy-purposes-title">{t('privacy.notice.purposes_title')}</h2>
        <ul className="privacy-purposes">
          {PRIVACY_PURPOSES.map((purpose) => (
            <li key={purpose.key} className="privacy-purpose">
              <p className="privacy-purpose__what">{purpose.what}</p>
              <dl>
                <dt>{t('privacy.notice.purpose_basis')}</dt>
                <dd>{purpose.basis}</dd>
                <dt>{t('privacy.notice.purpose_retention')}</dt>
                <dd>{purpose.retention}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="privacy-recipients-title">
        <h2 id="privacy-recipients-title">{t('privacy.notice.recipients_title')}</h2>
        <p>{t('privacy.notice.recipients_intro')}</p>
        <ul>
          {PRIVACY_RECIPIENTS.map((recipient) => (
            <li key={recipient}>{recipient}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="privacy-sources-title">
        <h2 id="privacy-sources-title">{t('privacy.notice.sources_title')}</h2>
        <ul>
          {PRIVACY_SOURCES.map((source) => (
            <li key={source}>{source}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="privacy-rights-title">
        <h2 id="privacy-rights-title">{t('privacy.notice.rights_title')}</h2>
        <p>{t('privacy.notice.rights_intro', { months: GDPR_REPLY_MONTHS })}</p>
        <dl className="privacy-page__rights">
          {PRIVACY_RIGHTS.map((right) => (
            <div key={right.article}>
              <dt>{t('privacy.notice.right_name', { name: right.name, article: right.article })}</dt>
              <dd>{right.how}</dd>
            </div>
          ))}
        </dl>
        <p>{t('privacy.notice.consent_withdraw')}</p>
        <RightsLinks />
      </section>

      <section aria-labelledby="privacy-complaint-title">
        <h2 id="privacy-complaint-title">{t('privacy.notice.complaint_title')}</h2>
        <p>
          {t('privacy.notice.complaint', { name: GARANTE_PRIVACY.name, address: GARANTE_PRIVACY.address })}
        </p>
        <p>
          <ExternalLink href={GARANTE_PRIVACY.url}>{t('privacy.notice.complaint_link')}</ExternalLink>
        </p>
      </section>

      <p>
        <Link to={privacyRoutes.cookies.to()}>{t('privacy.notice.cookies_link')}</Link>
      </p>
    </div>
  );
}
