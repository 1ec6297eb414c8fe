// Every template rendered for every brand through the composer, with the brand read from the
// companies table: both parts written, the brand in the sender and the layout, hostile values
// escaped in the HTML, every link absolute and in the brand.
import { COMPANY_CODES } from '@sportello/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/databases.js';
import { companies } from '@sportello/db/schema';
import { createMailComposer, type MailComposer } from '../compose.js';
import { escapeHtml } from './layout.js';
import { MAIL_TEMPLATES, type MailTemplateData, type MailTemplateName } from './index.js';

const HOSTILE = '<script>alert(1)</script>';

/** One sample per template, with a hostile value wherever a person's words go. */
const SAMPLES: { [Name in MailTemplateName]: MailTemplateData<Name>[] } = {
  'account-created': [{ name: HOSTILE, username: 'mario.rossi' }],
  'complaint-receipt': [
    {
      name: HOSTILE,
      key: 'RCL-2026-ABC123',
      lookupCode: 'ABCDE-FGHJK',
      categoryLabel: HOSTILE,
      dueDate: '2026-12-29',
      rectificationDueDate: '2027-01-28',
      lookupPath: '/reclami/consulta',
    },
  ],
  notification: [
    { title: `Nuova bolletta ${HOSTILE}`, body: HOSTILE, linkPath: '/link/abcdefghijklmnopqrstuv' },
  ],
  'password-reset': [{ name: HOSTILE, username: 'mario.rossi', linkPath: '/link/abcdefghijklmnopqrstuv' }],
  'price-change-notice': [
    { name: HOSTILE, title: `Cambiano i prezzi ${HOSTILE}`, body: `Dal 1 marzo\n\n${HOSTILE}` },
  ],
  'registration-code': [{ code: '1234' }],
  'security-notice': [
    { name: HOSTILE, event: { kind: 'account-created', username: 'mario.rossi' } },
    {
      name: 'Rete Srl',
      event: { kind: 'delegation-requested', who: HOSTILE, linkPath: '/link/abcdefghijklmnopqrstuv' },
    },
    { name: 'Rete Srl', event: { kind: 'delegation-granted', who: HOSTILE } },
    {
      name: HOSTILE,
      event: { kind: 'contact-changed', contact: 'email', username: 'mario.rossi', shown: 'm•••@e•••.it' },
    },
    {
      name: HOSTILE,
      event: { kind: 'token-created', username: 'mario.rossi', token: HOSTILE, at: '1 marzo' },
    },
    { name: HOSTILE, event: { kind: 'bill-mailed', bill: '2026/000001', shown: 'c•••@e•••.com' } },
    { name: HOSTILE, event: { kind: 'bills-redirected', contract: '1000000001', to: HOSTILE } },
    { name: HOSTILE, event: { kind: 'einvoice-recipient-changed', to: HOSTILE } },
    {
      name: HOSTILE,
      event: {
        kind: 'care-contact-started',
        contact: 'phone',
        shown: '+39 ••• ••• •543',
        sentTo: 'm•••@e•••.it',
        reason: HOSTILE,
      },
    },
    {
      name: HOSTILE,
      event: {
        kind: 'delegation-revoked',
        audience: 'delegate',
        delegate: HOSTILE,
        holder: HOSTILE,
        by: 'care',
      },
    },
  ],
  'verification-code': [{ code: '5678' }],
};

/** A name per brand, with an ampersand as real brand names have. */
const brandName = (code: string) => `Energia ${code.toUpperCase()} & Co.`;

describe('mail templates', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let composer: MailComposer;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await database.db.insert(companies).values(
      COMPANY_CODES.map((code) => ({
        code,
        name: brandName(code),
        legalName: `${brandName(code)} S.p.A.`,
        vatNumber: '01234567897',
        helpPhone: '800 190 190',
        primaryColor: '#00607a',
      })),
    );
    composer = createMailComposer(database.db, 'https://portale.example.it');
  });
  afterAll(() => database.drop());

  it('has a sample for every template', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(MAIL_TEMPLATES).sort());
  });

  const cases = COMPANY_CODES.flatMap((company) =>
    (Object.keys(SAMPLES) as MailTemplateName[]).flatMap((template) =>
      SAMPLES[template].map((data, i) => ({ company, template, data, i })),
    ),
  );

  it.each(cases)('$template #$i for $company', async ({ company, template, data }) => {
    const mail = await composer.compose(template, data as never, { to: 'mario@example.it', company });
    const brand = brandName(company);
    expect(mail.to).toBe('mario@example.it');
    expect(mail.senderName).toBe(brand);
    expect(mail.subject.length).toBeGreaterThan(0);
    expect(mail.text.length).toBeGreaterThan(0);
    // The shared layout: the brand's name on top, its legal entity, phone and the automatic note below.
    expect(mail.html).toContain(`>${brand.replace('&', '&amp;')}</div>`);
    for (const part of [mail.text, mail.html!.replace(/&amp;/g, '&')]) {
      expect(part).toContain(`${brand} S.p.A.`);
      expect(part).toContain('800 190 190');
      expect(part).toContain('inviata automaticamente');
    }
    // Hostile words are text in the HTML, never markup.
    expect(mail.html).not.toContain('<script');
    // Every link is absolute and in the brand.
    const links = [...mail.text.matchAll(/https?:\/\/\S+/g), ...mail.html!.matchAll(/href="([^"]+)"/g)].map(
      (m) => (m[1] ?? m[0]).replace(/&amp;/g, '&'),
    );
    for (const link of links) {
      expect(link.startsWith('https://portale.example.it/')).toBe(true);
      expect(new URL(link).searchParams.get('company')).toBe(company);
    }
    // The text part says what the HTML says: every paragraph of the text is in the HTML.
    const body = mail.text.split('\n\n-- \n')[0]!;
    for (const paragraph of body.split('\n\n').filter((p) => !p.startsWith('http')))
      expect(mail.html).toContain(escapeHtml(paragraph));
  });

  it('elides an article before a number said with a vowel: "l’11 marzo", never "il 11 marzo"', async () => {
    const mail = await composer.compose(
      'security-notice',
      {
        name: 'Mario',
        event: { kind: 'token-created', username: 'mario.rossi', token: 'casa', at: '11 marzo' },
      },
      { to: 'mario@example.it', company: 'sga' },
    );
    for (const part of [mail.text, mail.html!]) {
      expect(part).toContain('l’11 marzo è stato creato il token personale');
      expect(part).not.toContain('il 11 marzo');
    }
  });

  it('refuses a brand the companies table does not have', async () => {
    await expect(
      composer.compose('registration-code', { code: '1234' }, { to: 'a@example.it', company: 'zzz' }),
    ).rejects.toThrow(/zzz/);
  });
});
