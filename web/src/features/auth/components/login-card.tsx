// The card both login pages show (SPEC §2 login and app-login): brand mark, heading, why the user
// is here again (expired login or link), anything the page adds (biometrics), and the password form,
// which logs the session in and hands the rotated session to the page.
import type { ReactNode } from 'react';
import type { Session } from '@sportello/contract';
import { BrandMark } from '../../../shared/brands/brand-mark';
import { useBrand } from '../../../shared/brands/use-brand';
import { sessionLifecycle } from '../../../shared/session/load';
import { useAppStore } from '../../../shared/state/app-store';
import { t } from '../i18n';
import { LoginForm, type Credentials } from './login-form';

/** Logs the (guest) session in; the api client shows the server's message on failure. */
export const logIn = async (credentials: Credentials, quiet = false): Promise<Session> =>
  (await sessionLifecycle()).logIn(credentials, quiet);

interface LoginCardProps {
  heading: string;
  intro: string;
  onLoggedIn: (session: Session, credentials: Credentials) => Promise<void>;
  /** Above the form (the biometric button). */
  before?: ReactNode;
  after?: ReactNode;
}

export function LoginCard({ heading, intro, onLoggedIn, before, after }: LoginCardProps) {
  const brand = useBrand();
  const flashMessage = useAppStore((state) => state.flashMessage);

  const submit = async (credentials: Credentials) => {
    let session: Session;
    try {
      session = await logIn(credentials);
    } catch {
      return; // The api client has already shown the server's message.
    }
    await onLoggedIn(session, credentials);
  };

  return (
    <div className="page page--narrow login-page">
      <div className="login-page__card">
        <BrandMark mark={brand.logo} className="login-page__mark" />
        <h1 className="page__title">{heading}</h1>
        <p className="page__intro">{intro}</p>
        {flashMessage ? (
          <p className="notice notice--warning" role="alert">
            {t(`auth.flash.${flashMessage}`)}
          </p>
        ) : null}
        {before}
        <LoginForm onSubmit={submit} />
        {after}
      </div>
    </div>
  );
}
