// Login (SPEC §2): shows why the user is here again (expired login or link), then logs in with
// the rotated session id the server answers.
import { t } from '../i18n';
import { core } from '@sportello/contract';
import { Link, useNavigate } from 'react-router';
import { callApi } from '../../../shared/api/api-client';
import { BrandMark } from '../../../shared/brands/brand-mark';
import { useBrand } from '../../../shared/brands/use-brand';
import { useAppStore } from '../../../shared/state/app-store';
import { withLoading } from '../../../shared/ui/loading';
import { LoginForm, type Credentials } from '../components/login-form';
import { authRoutes } from '../routes';
import { completeLogin, ensureSession } from '../../../shared/session/session-lifecycle';
import { dashboardRoutes } from '../../dashboard/routes';

export default function LoginPage() {
  const brand = useBrand();
  const navigate = useNavigate();
  const flashMessage = useAppStore((state) => state.flashMessage);

  const submit = async ({ username, password }: Credentials) => {
    try {
      const session = await withLoading(async () => {
        // The guest session may still be on its way when the page rendered first.
        await ensureSession();
        return callApi(core.login, { body: { username: username.trim(), password } });
      });
      completeLogin(session.id, session.user);
      await navigate(dashboardRoutes.home.to());
    } catch {
      // The api client has already shown the server's message.
    }
  };

  return (
    <div className="page page--narrow login-page">
      <div className="login-page__card">
        <BrandMark mark={brand.logo} className="login-page__mark" />
        <h1 className="page__title">{t('auth.login.heading')}</h1>
        <p className="page__intro">{t('auth.login.intro', { brand: brand.name })}</p>
        {flashMessage ? (
          <p className="notice notice--warning" role="alert">
            {t(`auth.flash.${flashMessage}`)}
          </p>
        ) : null}
        <LoginForm onSubmit={submit} />
        <p className="login-page__company">
          <Link to={authRoutes.company.to()}>{t('auth.login.change_company')}</Link>
        </p>
      </div>
    </div>
  );
}
