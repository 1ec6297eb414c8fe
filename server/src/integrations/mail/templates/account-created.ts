// To a new delegate (a user without a customer): the account exists, here is where to log in.
import { hello, renderMail, type MailTemplate } from './layout.js';

export const accountCreated: MailTemplate<{ name: string; username: string }> = (data, brand) =>
  renderMail(
    {
      subject: 'Registrazione completata',
      greeting: hello(data.name),
      paragraphs: [
        `la registrazione al portale clienti è completata: accedi con il nome utente ${data.username}.`,
      ],
      action: { label: 'Accedi', url: brand.url('/login') },
    },
    brand,
  );
