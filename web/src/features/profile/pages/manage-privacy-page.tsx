// /profile/manage-privacy: the customer's consents privacyCompany and privacyOthers, and the privacy
// rights filed here: erasure and objection requests with their state (ADR 069).
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useBrand } from '../../../shared/brands/use-brand';
import { updateCustomerSettings } from '../api/profile-api';
import { PrivacyRequests } from '../components/privacy-requests';
import { ProfileFrame } from '../components/profile-frame';
import { Check, SettingsForm } from '../components/settings-form';
import { useProfileData } from '../components/use-profile-data';
import { t } from '../i18n';

export default function ManagePrivacyPage() {
  const { customer } = useProfileData();
  const brand = useBrand();
  const save = useMutation(updateCustomerSettings);
  const [privacyCompany, setCompany] = useState(customer.privacyCompany);
  const [privacyOthers, setOthers] = useState(customer.privacyOthers);
  return (
    <ProfileFrame heading={t('profile.privacy.heading')} intro={t('profile.privacy.intro')}>
      <SettingsForm
        saving={save.isPending}
        done={t('profile.privacy.done')}
        onSave={() =>
          save.mutateAsync({ params: { id: customer.id }, body: { privacyCompany, privacyOthers } })
        }
      >
        <Check
          label={t('profile.privacy.company', { brand: brand.name })}
          checked={privacyCompany}
          onChange={setCompany}
        />
        <Check label={t('profile.privacy.others')} checked={privacyOthers} onChange={setOthers} />
      </SettingsForm>
      <PrivacyRequests customerId={customer.id} />
    </ProfileFrame>
  );
}
