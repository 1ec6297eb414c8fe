// A notification (new bill, payment received, new offer...) by e-mail: its title, its text and
// the link that opens it in the portal.
import { renderMail, type MailTemplate } from './layout.js';

export const notification: MailTemplate<{ title: string; body: string; linkPath: string }> = (data, brand) =>
  renderMail(
    {
      subject: data.title,
      paragraphs: [data.body],
      action: { label: 'Apri nel portale', url: brand.url(data.linkPath) },
    },
    brand,
  );
