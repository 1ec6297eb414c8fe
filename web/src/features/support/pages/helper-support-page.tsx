// /helpers/support (no login), where the help of the login and registration pages leads: the brand's
// phone, hours and FAQ, the way to the codes on a bill, and the write-us form; logged out it is the
// registration-time form (name, client code, e-mail), logged in the way to /support.
import { lazy } from 'react';
import { Link } from 'react-router';
import { useBrand } from '../../../shared/brands/use-brand';
import { useAppStore } from '../../../shared/state/app-store';
import { FaqCard, PhoneCard, WriteUsButton } from '../components/contact-cards';
import { complaintRoutes } from '../../complaints/routes';
import { t } from '../i18n';
import { authRoutes } from '../../auth/routes';
import { supportRoutes } from '../routes';
import '../support.css';

const GuestContactModal = lazy(() => import('../components/guest-contact-modal'));

function WriteUsCard() {
  const brand = useBrand();
  const loggedIn = useAppStore((state) => state.user !== null);
  const body = () => {
    if (loggedIn) {
      return (
        <Link to={supportRoutes.support.to()} className="button button--primary">
          {t('support.helper_support.to_support')}
        </Link>
      );
    }
    if (!brand.writeUs) return <p>{t('support.page.write_unavailable', { brand: brand.name })}</p>;
    return (
      <>
        <p>{t('support.helper_support.write_text')}</p>
        <WriteUsButton modal={GuestContactModal} />
        <p>
          {t('support.helper_support.login_hint')}{' '}
          <Link to={authRoutes.login.to()}>{t('support.helper_support.login')}</Link>
        </p>
      </>
    );
  };
  return (
    <section className="support-card" aria-labelledby="helper-write">
      <h2 id="helper-write" className="support-card__title">
        {t('support.page.write_title')}
      </h2>
      {body()}
    </section>
  );
}

export default function HelperSupportPage() {
  return (
    <div className="page">
      <div className="page__head">
        <div>
          <h1 className="page__title">{t('support.helper_support.heading')}</h1>
          <p className="page__intro">{t('support.helper_support.intro')}</p>
        </div>
      </div>
      <div className="support-cards">
        <PhoneCard />
        <WriteUsCard />
        <FaqCard>
          <Link to={supportRoutes.findDoor.to()}>{t('support.helper_support.find_door')}</Link>
          <Link to={complaintRoutes.guest.to()}>{t('support.page.complaints_link')}</Link>
        </FaqCard>
      </div>
    </div>
  );
}
