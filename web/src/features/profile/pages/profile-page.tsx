// /profile: the account data first, each with the page that changes it, then the settings. A user
// with no customer yet (registered without a contract, waiting for a delegation) sees what belongs
// to the login alone — name, e-mail, mobile, password, passkeys, devices, alerts, the data archive —
// and the way to link his own contract; the customer's data and settings come with a customer.
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import '../profile.css';
import { eInvoiceRecipientQuery } from '../api/profile-api';
import { useProfileData, useProfileUser } from '../components/use-profile-data';
import { t } from '../i18n';
import { profileRoutes } from '../routes';
import { formatPhone } from '../../../shared/format/format';
import { useAppStore } from '../../../shared/state/app-store';
import { registrationRoutes } from '../../registration/routes';

type User = ReturnType<typeof useProfileUser>;

function Row({ label, value, to }: { label: string; value: string | null; to?: string }) {
  return (
    <div className="profile-row">
      <dt>{label}</dt>
      <dd>
        <span>{value || t('profile.not_set')}</span>
        {to ? (
          <Link to={to} className="profile-row__action" aria-label={`${t('profile.change')}: ${label}`}>
            {t('profile.change')}
          </Link>
        ) : null}
      </dd>
    </div>
  );
}

function Setting({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link to={to}>{children}</Link>
    </li>
  );
}

/** Name, username, e-mail and mobile: the login's own data, with or without a customer. */
function LoginRows({ user, fallbackName }: { user: User; fallbackName: string }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || fallbackName;
  return (
    <>
      <Row label={t('profile.account.name')} value={name} />
      <Row label={t('profile.account.username')} value={user.username} />
      <Row label={t('profile.account.email')} value={user.email} to={profileRoutes.editEmail.to()} />
      <Row
        label={t('profile.account.phone_mobile')}
        value={user.phoneMobile && formatPhone(user.phoneMobile)}
        to={profileRoutes.editPhone.to()}
      />
    </>
  );
}

/** The settings of the login itself, which need no customer. */
function LoginSettings() {
  return (
    <>
      <Setting to={profileRoutes.editPassword.to()}>{t('profile.account.password')}</Setting>
      <Setting to={profileRoutes.passkeys.to()}>{t('profile.account.passkeys')}</Setting>
      <Setting to={profileRoutes.devices.to()}>{t('profile.account.devices')}</Setting>
      <Setting to={profileRoutes.managePush.to()}>{t('profile.account.push')}</Setting>
      <Setting to={profileRoutes.archives.to()}>{t('profile.account.archives')}</Setting>
    </>
  );
}

/**
 * Where a business customer's electronic invoices go (ADR 067): a private customer's go to its fiscal
 * drawer, and the rows are not shown.
 */
function EInvoiceRows({ customerId }: { customerId: string }) {
  const { data } = useQuery(eInvoiceRecipientQuery(customerId));
  if (!data?.applies) return null;
  const to = profileRoutes.eInvoicing.to();
  return (
    <>
      <Row label={t('profile.account.recipient_code')} value={data.recipientCode} to={to} />
      <Row label={t('profile.account.einvoice_pec')} value={data.pec} to={to} />
    </>
  );
}

function CustomerProfile() {
  const { user, customer } = useProfileData();
  return (
    <>
      <div className="card">
        <dl className="profile-list">
          <LoginRows user={user} fallbackName={customer.account.name} />
          <Row
            label={t('profile.account.phone_home')}
            value={customer.account.phoneHome && formatPhone(customer.account.phoneHome)}
            to={profileRoutes.editPhoneHome.to()}
          />
          <Row label={t('profile.account.client_code')} value={customer.customerId} />
          <Row
            label={t('profile.account.tax_code')}
            value={customer.fiscalCode ?? customer.vatNumber}
            to={profileRoutes.registryChange.to()}
          />
          {customer.customerType === 'private' ? null : <EInvoiceRows customerId={customer.id} />}
        </dl>
      </div>
      <div className="card">
        <h2>{t('profile.account.settings')}</h2>
        <ul className="profile-links">
          <LoginSettings />
          <Setting to={profileRoutes.tokens.to()}>{t('profile.account.tokens')}</Setting>
          <Setting to={profileRoutes.delegations.to()}>{t('profile.account.delegations')}</Setting>
          <Setting to={profileRoutes.managePrivacy.to()}>{t('profile.account.privacy')}</Setting>
          <Setting to={profileRoutes.editShippingAddress.to()}>{t('profile.account.shipping')}</Setting>
          <Setting to={profileRoutes.registryChange.to()}>{t('profile.account.registry')}</Setting>
          <Setting to={profileRoutes.onboarding.to()}>{t('profile.account.tour')}</Setting>
        </ul>
      </div>
    </>
  );
}

function LoginOnlyProfile() {
  const user = useProfileUser();
  return (
    <>
      <div className="card">
        <dl className="profile-list">
          <LoginRows user={user} fallbackName={user.username} />
        </dl>
      </div>
      <div className="card">
        <h2>{t('profile.account.no_customer_heading')}</h2>
        <p>{t('profile.account.no_customer_text')}</p>
        <p>
          <Link to={registrationRoutes.linkContract.to()} className="button button--primary">
            {t('profile.account.link_contract')}
          </Link>
        </p>
      </div>
      <div className="card">
        <h2>{t('profile.account.settings')}</h2>
        <ul className="profile-links">
          <LoginSettings />
        </ul>
      </div>
    </>
  );
}

export default function ProfilePage() {
  const hasCustomer = useAppStore((s) => s.selectedCustomerId !== null);
  return (
    <div className="page page--narrow">
      <h1 className="page__title">{t('profile.account.heading')}</h1>
      {hasCustomer ? <CustomerProfile /> : <LoginOnlyProfile />}
    </div>
  );
}
