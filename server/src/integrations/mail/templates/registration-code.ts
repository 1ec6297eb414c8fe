// The code that proves a registering customer holds the contact on file (ADR 022). The SMS, sent
// when only a mobile is on file, says the same words.
import { renderMail, type MailTemplate } from './layout.js';

export const registrationCodeSms = (code: string) =>
  `Il codice per registrarti al portale clienti è ${code}. Scade tra 10 minuti. ` +
  'Se non stai facendo una registrazione, non darlo a nessuno e ignora questo messaggio.';

export const registrationCode: MailTemplate<{ code: string }> = ({ code }, brand) =>
  renderMail({ subject: 'Codice di registrazione', paragraphs: [registrationCodeSms(code)] }, brand);
