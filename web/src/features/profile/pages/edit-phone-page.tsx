// /profile/edit-phone: the new value, then a one-time code to /check-phone.
import { ContactForm } from '../components/contact-form';
import { ProfileFrame } from '../components/profile-frame';
import { t } from '../i18n';

export default function EditPhonePage() {
  return (
    <ProfileFrame heading={t('profile.contact.phone_heading')} intro={t('profile.contact.phone_intro')}>
      <ContactForm channel="phone" />
    </ProfileFrame>
  );
}
