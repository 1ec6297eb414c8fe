// Every e-mail the server writes, by name. A service asks for a template and its data; the
// composer (../compose.ts) renders it in the brand's layout when the mail is enqueued.
import { accountCreated } from './account-created.js';
import { complaintReceipt } from './complaint-receipt.js';
import type { MailTemplate } from './layout.js';
import { notification } from './notification.js';
import { passwordReset } from './password-reset.js';
import { priceChangeNotice } from './price-change-notice.js';
import { registrationCode } from './registration-code.js';
import { securityNotice } from './security-notice.js';
import { verificationCode } from './verification-code.js';

export const MAIL_TEMPLATES = {
  'account-created': accountCreated,
  'complaint-receipt': complaintReceipt,
  notification,
  'password-reset': passwordReset,
  'price-change-notice': priceChangeNotice,
  'registration-code': registrationCode,
  'security-notice': securityNotice,
  'verification-code': verificationCode,
} as const;

export type MailTemplateName = keyof typeof MAIL_TEMPLATES;
export type MailTemplateData<Name extends MailTemplateName> =
  (typeof MAIL_TEMPLATES)[Name] extends MailTemplate<infer Data> ? Data : never;

export type { MailBrand, RenderedMail } from './layout.js';
