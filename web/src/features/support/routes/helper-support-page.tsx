// /helpers/support (no login): the brand's phone, hours and FAQ, the way to the codes on a bill,
// and, for customers, the way to log in and write.
import { Link } from 'react-router';
import { FaqCard, PhoneCard } from '../components/contact-cards';
import { t } from '../i18n';
import { authRoutes } from '../../auth/routes';
import { supportRoutes } from '../routes';
import '../support.css';

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
        <FaqCard>
          <Link to={supportRoutes.findDoor.to()}>{t('support.helper_support.find_door')}</Link>
        </FaqCard>
        <section className="support-card" aria-labelledby="helper-login">
          <h2 id="helper-login" className="support-card__title">
            {t('support.page.write_title')}
          </h2>
          <p>{t('support.helper_support.login_hint')}</p>
          <Link to={authRoutes.login.to()} className="button button--primary">
            {t('support.helper_support.login')}
          </Link>
        </section>
      </div>
    </div>
  );
}
