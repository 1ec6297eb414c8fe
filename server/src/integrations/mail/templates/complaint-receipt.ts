// The receipt of a complaint filed without an account: its number, the code to look it up with, the
// days its reply (and, for a bill, its rectification) is due, and the page where to look it up.
import { formatDate } from '@sportello/domain';
import { hello, renderMail, type MailTemplate } from './layout.js';

export const complaintReceipt: MailTemplate<{
  name: string;
  key: string;
  lookupCode: string;
  categoryLabel: string;
  dueDate: string;
  rectificationDueDate: string | null;
  lookupPath: string;
}> = (data, brand) =>
  renderMail(
    {
      subject: `Ricevuta del reclamo n. ${data.key}`,
      greeting: hello(data.name),
      paragraphs: [
        `abbiamo ricevuto il tuo reclamo (${data.categoryLabel}): il numero è ${data.key}.`,
        `Ti risponderemo per iscritto entro il ${formatDate(data.dueDate)}.` +
          (data.rectificationDueDate
            ? ` Se la bolletta va corretta, la rettifica arriva entro il ${formatDate(data.rectificationDueDate)}.`
            : ''),
        `Per consultarlo e scaricarne la ricevuta in PDF usa il numero e questo codice: ${data.lookupCode}. Conservalo: non lo ripeteremo.`,
      ],
      action: { label: 'Consulta il reclamo', url: brand.url(data.lookupPath) },
    },
    brand,
  );
