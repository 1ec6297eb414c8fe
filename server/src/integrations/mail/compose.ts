// Turns a template and its data into the mail job a service enqueues: the brand (name, colour,
// legal entity, customer care) is read from the companies table, the links made absolute and
// branded, and the sender named after the brand.
import { eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { companies } from '@sportello/db/schema';
import type { MailJob } from '../../jobs/deliveries.js';
import { brandUrl } from './templates/brand-url.js';
import type { MailTemplate } from './templates/layout.js';
import {
  MAIL_TEMPLATES,
  type MailBrand,
  type MailTemplateData,
  type MailTemplateName,
} from './templates/index.js';

export function createMailComposer(db: Db, publicBaseUrl: string) {
  async function brandOf(code: string): Promise<MailBrand> {
    const [company] = await db.select().from(companies).where(eq(companies.code, code));
    if (!company) throw new Error(`No company ${code} to write a mail for`);
    const { name, legalName, helpPhone, primaryColor } = company;
    return {
      code,
      name,
      legalName,
      helpPhone,
      primaryColor,
      url: (path) => brandUrl(publicBaseUrl, code, path),
    };
  }

  return {
    /** The job that sends `template` to `to` in the brand of `company`. */
    async compose<Name extends MailTemplateName>(
      template: Name,
      data: MailTemplateData<Name>,
      message: { to: string; company: string },
    ): Promise<MailJob> {
      const brand = await brandOf(message.company);
      const render = MAIL_TEMPLATES[template] as MailTemplate<MailTemplateData<Name>>;
      return { to: message.to, senderName: brand.name, ...render(data, brand) };
    },
  };
}

export type MailComposer = ReturnType<typeof createMailComposer>;
