// /check-phone: the 4-digit code sent for the new value.
import { OtpForm } from '../components/otp-form';
import { ProfileFrame } from '../components/profile-frame';
import { t } from '../i18n';

export default function CheckPhonePage() {
  return (
    <ProfileFrame heading={t('profile.otp.heading')}>
      <OtpForm channel="phone" />
    </ProfileFrame>
  );
}
