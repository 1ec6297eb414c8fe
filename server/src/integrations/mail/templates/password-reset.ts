// The forgotten password: a one-time link (module 5) that sets a new one.
import { hello, renderMail, type MailTemplate } from './layout.js';

export const passwordReset: MailTemplate<{ name: string; username: string; linkPath: string }> = (
  data,
  brand,
) =>
  renderMail(
    {
      subject: 'Recupero password',
      greeting: hello(data.name),
      paragraphs: [
        `hai chiesto di impostare una nuova password per il nome utente ${data.username}. ` +
          'Il link vale 60 minuti e si può usare una volta sola:',
      ],
      action: { label: 'Imposta la nuova password', url: brand.url(data.linkPath) },
      after: ['Se non sei stato tu, ignora questo messaggio.'],
    },
    brand,
  );
