// SPEC §8 no-customers screen: a logged-in user with no contract yet learns why the portal is
// empty, what happens next and what to do meanwhile; 'Esci' and the help are in the header (app
// layout) once the user is known. Error pages render before the session is read, so after a
// reload this page reads it itself: the text sends the user to 'Esci', which must be there.
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ensureSession } from '../../../shared/session/session-lifecycle';
import { useBrand } from '../../../shared/brands/use-brand';
import { t } from '../i18n';
import { ErrorScreen } from '../components/error-screen';
import { customerRoutes } from '../../customers/routes';
import { profileRoutes } from '../../profile/routes';
import { registrationRoutes } from '../../registration/routes';

export default function NoCustomersPage() {
  const brand = useBrand();
  useEffect(() => {
    // A failure shows its own popup or leads to login; the page stays readable meanwhile.
    void ensureSession().catch(() => undefined);
  }, []);
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
          <li>
            {t('errors.no_customers.meanwhile_link_contract')}{' '}
            <Link to={registrationRoutes.linkContract.to()}>
              {t('errors.no_customers.link_contract_link')}
            </Link>
          </li>
          <li>
            {t('errors.no_customers.meanwhile_profile')}{' '}
            <Link to={profileRoutes.profile.to()}>{t('errors.no_customers.profile_link')}</Link>
          </li>
          <li>{t('errors.no_customers.meanwhile_delegation')}</li>
          <li>
            {t('errors.no_customers.meanwhile_request_delegation')}{' '}
            <Link to={registrationRoutes.requestDelegation.to()}>
              {t('errors.no_customers.request_delegation_link')}
            </Link>
          </li>
          <li>{t('errors.no_customers.meanwhile_help', { phone: brand.helpPhone })}</li>
          <li>{t('errors.no_customers.meanwhile_exit')}</li>
        </ul>
      </div>
    </ErrorScreen>
  );
}
