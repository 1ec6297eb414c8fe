// /profile/deleghe (ADR 047): the delegations the customer has given, for its holder. Each can be
// revoked (the delegate loses the customer at once; both are told), and the holder may let a delegate
// change the direct debit, which otherwise a delegate is refused; allowing it asks a step-up (the api
// client opens its dialog). A delegate sees that only the holder manages them.
import type { registration } from '@sportello/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { formatInstantDate } from '../../../shared/format/format';
import { givenDelegationsQuery, revokeDelegation, setDelegationBanking } from '../api/delegations-api';
import { DeviceIcon } from '../components/device-icon';
import { ProfileFrame } from '../components/profile-frame';
import { useProfileData } from '../components/use-profile-data';
import { t } from '../i18n';
import '../profile.css';

function DelegationItem({
  customerId,
  delegation,
}: {
  customerId: string;
  delegation: registration.GivenDelegation;
}) {
  const revoke = useMutation(revokeDelegation);
  const banking = useMutation(setDelegationBanking);
  const params = { customerId, username: delegation.username };
  const { name } = delegation;
  return (
    <li className="device-item">
      <DeviceIcon kind="person" />
      <div className="device-item__body">
        <p className="device-item__name">{name}</p>
        <p className="device-item__meta">
          {t('profile.delegations.since', { date: formatInstantDate(delegation.since) })}
          <br />
          {t(
            delegation.mayChangeBanking
              ? 'profile.delegations.banking_on'
              : 'profile.delegations.banking_off',
          )}
        </p>
        {revoke.isError || banking.isError ? (
          <p className="field-error" role="alert">
            {t('profile.delegations.error')}
          </p>
        ) : null}
      </div>
      <div className="device-item__action delegation-actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={banking.isPending}
          onClick={() => banking.mutate({ params, body: { mayChangeBanking: !delegation.mayChangeBanking } })}
        >
          {t(
            delegation.mayChangeBanking
              ? 'profile.delegations.banking_revoke'
              : 'profile.delegations.banking_allow',
          )}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={revoke.isPending}
          aria-label={t('profile.delegations.revoke_named', { name })}
          onClick={() => revoke.mutate({ params })}
        >
          {t('profile.delegations.revoke')}
        </button>
      </div>
    </li>
  );
}

function DelegationList({ customerId }: { customerId: string }) {
  const { data, status } = useQuery(givenDelegationsQuery(customerId));
  if (status === 'pending') return <p className="card__muted">{t('profile.devices.loading')}</p>;
  if (!data) return <p className="card__muted">{t('profile.devices.error')}</p>;
  if (data.length === 0) return <p className="card__muted">{t('profile.delegations.none')}</p>;
  return (
    <ul className="device-list">
      {data.map((delegation) => (
        <DelegationItem key={delegation.username} customerId={customerId} delegation={delegation} />
      ))}
    </ul>
  );
}

export default function DelegationsPage() {
  const { customer } = useProfileData();
  return (
    <ProfileFrame heading={t('profile.delegations.heading')} intro={t('profile.delegations.intro')}>
      {customer.delegated ? (
        <p className="card__muted">{t('profile.delegations.holder_only')}</p>
      ) : (
        <DelegationList customerId={customer.id} />
      )}
    </ProfileFrame>
  );
}
