// A price-change notice by e-mail (Codice di condotta commerciale art. 13, ADR 058): the notice itself,
// whole, to the holder's contact address — the durable medium they accepted — in a mail of its own,
// never bundled with other news. Its words are the domain's (the same letter the ERP posts).
import { renderMail, type MailTemplate } from './layout.js';

export const priceChangeNotice: MailTemplate<{ name: string; title: string; body: string }> = (data, brand) =>
  renderMail(
    {
      subject: data.title,
      greeting: `Gentile ${data.name},`,
      paragraphs: data.body.split('\n\n'),
    },
    brand,
  );
