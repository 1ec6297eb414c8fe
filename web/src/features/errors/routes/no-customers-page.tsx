// SPEC §8 no-customers screen: a logged-in user with no contract yet learns why the portal is
// empty, what happens next and what to do meanwhile; 'Esci' is in the header (app layout).
import { Link } from 'react-router';
import { useBrand } from '../../../shared/brands/use-brand';
import { t } from '../i18n';
import { ErrorScreen } from '../components/error-screen';
import { customerRoutes } from '../../customers/routes';

export default function NoCustomersPage() {
  const brand = useBrand();
  return (
    <ErrorScreen
      icon="clock"
      heading={t('errors.no_customers.heading')}
      text={t('errors.no_customers.text')}
      homeLink={false}
      action={
        <Link to={customerRoutes.choice.to()} className="button button--primary">
          {t('errors.no_customers.check_again')}
        </Link>
      }
    >
      <div className="error-screen__steps">
        <h2 className="card__title">{t('errors.no_customers.next_heading')}</h2>
        <p>{t('errors.no_customers.next_text')}</p>
        <h2 className="card__title">{t('errors.no_customers.meanwhile_heading')}</h2>
        <ul>
          <li>{t('errors.no_customers.meanwhile_delegation')}</li>
          <li>{t('errors.no_customers.meanwhile_help', { phone: brand.helpPhone })}</li>
          <li>{t('errors.no_customers.meanwhile_exit')}</li>
        </ul>
      </div>
    </ErrorScreen>
  );
}
