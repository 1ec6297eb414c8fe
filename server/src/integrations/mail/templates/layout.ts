// The one layout every e-mail shares: a header with the brand's name in its colour, the body, a
// footer with the legal entity, the customer-care phone and a note that the mail is automatic.
// A template says WHAT to write (paragraphs, one action link); this file writes it twice, as plain
// text and as HTML, so the two parts say the same thing. Every value is escaped here, once.
import { elideBeforeNumbers } from '@sportello/domain';

/** The brand a mail speaks for, from the companies table. */
export interface MailBrand {
  code: string;
  name: string;
  legalName: string;
  helpPhone: string;
  primaryColor: string;
  /** An absolute link into the portal in this brand's colours (`?company=<code>`). */
  url(path: string): string;
}

export interface MailContent {
  subject: string;
  /** "Gentile Mario Rossi," or "Ciao Mario,": the first line. */
  greeting?: string;
  paragraphs: string[];
  /** The one thing to do, as a button in HTML and as a bare link in the text. */
  action?: { label: string; url: string };
  /** Lines after the action (what to do if it was not you). */
  after?: string[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export type MailTemplate<Data> = (data: Data, brand: MailBrand) => RenderedMail;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** A colour from the database goes into a style attribute only if it is a plain hex colour. */
const safeColor = (color: string) => (/^#[0-9a-f]{3,8}$/i.test(color) ? color : '#333333');

const AUTOMATIC = 'Questa e-mail è inviata automaticamente: per favore non rispondere.';

function footerLines(brand: MailBrand): string[] {
  const care = brand.helpPhone ? ` · Servizio clienti ${brand.helpPhone}` : '';
  return [`${brand.legalName}${care}`, AUTOMATIC];
}

function renderText(content: MailContent, brand: MailBrand): string {
  const blocks = [
    ...(content.greeting ? [content.greeting] : []),
    ...content.paragraphs,
    ...(content.action ? [content.action.url] : []),
    ...(content.after ?? []),
    `-- \n${footerLines(brand).join('\n')}`,
  ];
  return `${blocks.join('\n\n')}\n`;
}

function renderHtml(content: MailContent, brand: MailBrand): string {
  const color = safeColor(brand.primaryColor);
  const paragraph = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const action = content.action
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(content.action.url)}" ` +
      `style="display:inline-block;padding:12px 20px;background:${color};color:#ffffff;` +
      `text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555555">Se il pulsante non funziona, copia questo indirizzo nel browser: ` +
      `<a href="${escapeHtml(content.action.url)}" style="color:${color}">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const body = [
    ...(content.greeting ? [paragraph(content.greeting)] : []),
    ...content.paragraphs.map(paragraph),
    action,
    ...(content.after ?? []).map(paragraph),
  ].join('\n');
  const footer = footerLines(brand)
    .map((line) => `<p style="margin:0 0 4px">${escapeHtml(line)}</p>`)
    .join('\n');
  return `<!doctype html>
<html lang="it">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f4;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<div style="max-width:600px;margin:0 auto;background:#ffffff">
<div style="padding:20px 24px;background:${color};color:#ffffff;font-size:20px;font-weight:bold">${escapeHtml(brand.name)}</div>
<div style="padding:24px;font-size:16px;line-height:1.5">
${body}
</div>
<div style="padding:16px 24px;border-top:1px solid #dddddd;font-size:12px;color:#555555">
${footer}
</div>
</div>
</body>
</html>
`;
}

/** The mail in both parts, in the brand's layout; its words elided as Italian asks ("l’11 marzo"). */
export function renderMail(raw: MailContent, brand: MailBrand): RenderedMail {
  const content: MailContent = {
    ...raw,
    subject: elideBeforeNumbers(raw.subject),
    ...(raw.greeting ? { greeting: elideBeforeNumbers(raw.greeting) } : {}),
    paragraphs: raw.paragraphs.map(elideBeforeNumbers),
    ...(raw.after ? { after: raw.after.map(elideBeforeNumbers) } : {}),
  };
  return { subject: content.subject, text: renderText(content, brand), html: renderHtml(content, brand) };
}

/** "Ciao Mario," with the name the account has, or its username. */
export const hello = (name: string) => `Ciao ${name},`;
