// Login (SPEC §2): shows why the user is here again (expired login or link), then logs in with
// the rotated session id the server answers.
import { lazy, Suspense } from 'react';
import type { Session } from '@sportello/contract';
import { t } from '../i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useBrand } from '../../../shared/brands/use-brand';
import { nextPath } from '../../../shared/navigation/next-path';
import { LoginCard } from '../components/login-card';
import { homeAfterLogin } from '../home-after-login';
import { authRoutes } from '../routes';
import { sessionLifecycle } from '../../../shared/session/load';
import { registrationRoutes } from '../../registration/routes';
import { supportRoutes } from '../../support/routes';
import { complaintRoutes } from '../../complaints/routes';

// Its own chunk, after the form: the login route's first JavaScript does not grow (ADR 038).
const PasskeyLoginButton = lazy(() => import('../components/passkey-login-button'));

/**
 * The passkey button's place while its chunk loads, where the browser can use passkeys: the form
 * below stays put when the button arrives (it moved 64 px down, a layout shift).
 */
function PasskeyButtonPlace() {
  if (!('PublicKeyCredential' in window)) return null;
  return (
    <div className="login-page__passkey" aria-hidden="true">
      <span className="button button--secondary button--block login-page__passkey-place">&nbsp;</span>
    </div>
  );
}

export default function LoginPage() {
  const brand = useBrand();
  const navigate = useNavigate();
  // An entry link that needs a user (SPEC §4, module 1) sends here and expects to be opened again.
  const next = nextPath(useSearchParams()[0].get('next'));

  const loggedIn = async (session: Session) => {
    (await sessionLifecycle()).completeLogin(session.id, session.user);
    await navigate(next ?? homeAfterLogin(session.user));
  };

  return (
    <LoginCard
      heading={t('auth.login.heading')}
      intro={t('auth.login.intro', { brand: brand.name })}
      onLoggedIn={loggedIn}
      before={
        <Suspense fallback={<PasskeyButtonPlace />}>
          <PasskeyLoginButton onLoggedIn={loggedIn} />
        </Suspense>
      }
      after={
        <>
          <p className="login-page__company">
            <Link to={registrationRoutes.forgot.to()}>{t('auth.login.forgot_password')}</Link>
            {' · '}
            <Link to={registrationRoutes.start.to()}>{t('auth.login.register')}</Link>
          </p>
          <p className="login-page__company">
            <Link to={authRoutes.company.to()}>{t('auth.login.change_company')}</Link>
          </p>
          <p className="login-page__company">
            <Link to={supportRoutes.helperSupport.to()}>{t('auth.login.help')}</Link>
            {' · '}
            <Link to={complaintRoutes.guestLookup.to()}>{t('auth.login.complaint_lookup')}</Link>
          </p>
        </>
      }
    />
  );
}
