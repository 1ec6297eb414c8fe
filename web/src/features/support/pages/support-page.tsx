// /support (SPEC §2): the brand's phone and hours, its FAQ, and the write-us form (not for mes).
import { lazy } from 'react';
import { useBrand } from '../../../shared/brands/use-brand';
import { ExternalLink } from '../../../shared/ui/external-link';
import { complaintRoutes } from '../../complaints/routes';
import { Link } from 'react-router';
import { FaqCard, PhoneCard, WriteUsButton } from '../components/contact-cards';
import { t } from '../i18n';
import '../support.css';

const ContactModal = lazy(() => import('../components/contact-modal'));

export default function SupportPage() {
  const brand = useBrand();
  return (
    <div className="page">
      <div className="page__head">
        <div>
          <h1 className="page__title">{t('support.page.heading')}</h1>
          <p className="page__intro">{t('support.page.intro')}</p>
        </div>
      </div>
      <div className="support-cards">
        <PhoneCard />
        <section className="support-card" aria-labelledby="support-write">
          <h2 id="support-write" className="support-card__title">
            {t('support.page.write_title')}
          </h2>
          {brand.writeUs ? (
            <>
              <p>{t('support.page.write_text')}</p>
              <WriteUsButton modal={ContactModal} />
            </>
          ) : (
            <p>{t('support.page.write_unavailable', { brand: brand.name })}</p>
          )}
        </section>
        <FaqCard>
          <ExternalLink href={brand.contactsUrl}>
            {t('support.page.contacts_link', { brand: brand.name })}
          </ExternalLink>
          <Link to={complaintRoutes.list.to()}>{t('support.page.complaints_link')}</Link>
        </FaqCard>
      </div>
    </div>
  );
}
