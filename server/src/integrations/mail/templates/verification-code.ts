// The code that checks a new e-mail address or mobile number typed in the profile (same words by SMS).
import { renderMail, type MailTemplate } from './layout.js';

export const verificationCodeSms = (code: string) =>
  `Il tuo codice di verifica è ${code}. Scade tra 10 minuti. Se non l'hai richiesto, ignora questo messaggio.`;

export const verificationCode: MailTemplate<{ code: string }> = ({ code }, brand) =>
  renderMail({ subject: 'Codice di verifica', paragraphs: [verificationCodeSms(code)] }, brand);
