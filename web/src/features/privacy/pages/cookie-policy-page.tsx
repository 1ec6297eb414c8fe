// /cookie: the brand's cookie policy (Codice privacy art. 122, the Garante's cookie guidelines; ADR
// 069). The marketing pixel, its provider and its cookies are the domain's AD_PIXEL: the same names the
// banner deletes when consent is withdrawn. The button opens the banner's preferences.
import { AD_PIXEL } from '@sportello/domain';
import { Link } from 'react-router';
import { showConsentPreferences } from '../../../app/consent';
import { useBrand } from '../../../shared/brands/use-brand';
import { t } from '../i18n';
import { privacyRoutes } from '../routes';
import { ControllerSection } from '../components/controller-section';
import '../privacy.css';

export default function CookiePolicyPage() {
  const brand = useBrand();
  return (
    <div className="page privacy-page">
      <div className="page__head">
        <div>
          <h1 className="page__title">{t('privacy.cookies.heading')}</h1>
        </div>
      </div>
      <p>{t('privacy.cookies.intro', { brand: brand.name, name: brand.legalEntity.name })}</p>

      <ControllerSection title={t('privacy.notice.controller_title')} />

      <section aria-labelledby="cookies-necessary-title">
        <h2 id="cookies-necessary-title">{t('privacy.cookies.necessary_title')}</h2>
        <p>{t('privacy.cookies.necessary_intro')}</p>
        <ul>
          <li>{t('privacy.cookies.necessary_consent')}</li>
          <li>{t('privacy.cookies.necessary_storage')}</li>
        </ul>
      </section>

      <section aria-labelledby="cookies-marketing-title">
        <h2 id="cookies-marketing-title">{t('privacy.cookies.marketing_title')}</h2>
        <p>
          {t('privacy.cookies.marketing_intro', { service: AD_PIXEL.service, provider: AD_PIXEL.provider })}
        </p>
        <ul>
          {AD_PIXEL.cookies.map((name) => (
            <li key={name}>
              {t('privacy.cookies.marketing_cookie', {
                name,
                days: AD_PIXEL.cookieDays,
                what: t(`privacy.cookies.marketing_cookie_names.${name}`),
              })}
            </li>
          ))}
        </ul>
        <p>{AD_PIXEL.transfer}</p>
        <p>{t('privacy.cookies.withdraw')}</p>
        <button type="button" className="button button--secondary" onClick={showConsentPreferences}>
          {t('privacy.cookies.change')}
        </button>
      </section>

      <p>
        <Link to={privacyRoutes.notice.to()}>{t('privacy.cookies.notice_link')}</Link>
      </p>
    </div>
  );
}
