// What every password-reset request shows, whatever the account (the server never says).
import type { Feedback } from '../../../shared/ui/feedback-panel';
import { authRoutes } from '../../auth/routes';
import { t } from '../i18n';

export const resetSent = (): Feedback => ({
  title: t('registration.forgot.sent_title'),
  description: t('registration.forgot.sent_text'),
  actions: [{ label: t('registration.to_login'), to: authRoutes.login.to() }],
});
