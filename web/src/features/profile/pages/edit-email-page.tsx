// /profile/edit-email: the new value, then a one-time code to /check-email.
import { ContactForm } from '../components/contact-form';
import { ProfileFrame } from '../components/profile-frame';
import { t } from '../i18n';

export default function EditEmailPage() {
  return (
    <ProfileFrame heading={t('profile.contact.email_heading')} intro={t('profile.contact.email_intro')}>
      <ContactForm channel="email" />
    </ProfileFrame>
  );
}
