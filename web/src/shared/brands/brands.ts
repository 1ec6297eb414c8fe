// The five brands as data (SPEC §1): names, colour tokens, logo mark, loading animation, legal
// entity and links. Everything brand-specific in the UI reads from here.
import type { CompanyCode } from '@sportello/contract';
import { COMPANY_CODES, DEFAULT_COMPANY } from '@sportello/contract';
import type { LogoMark } from '@sportello/domain';

export type LoaderMotion = 'spin' | 'pulse' | 'bounce' | 'sway' | 'flicker';
export type SiteLinkKey = 'offers' | 'about' | 'stores' | 'green' | 'business';

/** Colour tokens; each becomes a CSS custom property (--color-<name>). */
export interface BrandColors {
  /** Buttons, links, focus ring: must reach 4.5:1 on white and against `onPrimary`. */
  primary: string;
  primaryStrong: string;
  onPrimary: string;
  /** Tinted surfaces under body text. */
  primarySoft: string;
  /** Decoration only (logo, loader): never carries text. */
  accent: string;
}

/** Days a support line answers; their Italian words are the shell's texts (help.hours.*). */
export type SupportDays = 'mon_fri' | 'mon_sat' | 'sat';

/** One opening of the brand's phone line, in Rome time (HH:MM, 24 hours). */
export interface SupportHours {
  days: SupportDays;
  from: string;
  to: string;
}
export interface Brand {
  code: CompanyCode;
  name: string;
  colors: BrandColors;
  logo: LogoMark;
  loader: LoaderMotion;
  legalEntity: { name: string; vat: string; address: string };
  siteLinks: readonly { key: SiteLinkKey; url: string }[];
  contactsUrl: string;
  faqUrl: string;
  /** Where a data subject writes about their data (GDPR art. 13(1)(a)); the notice is a page here. */
  privacyEmail: string;
  helpPhone: string;
  /** When helpPhone answers (SPEC is silent: each brand's own), shown on /support and in help. */
  supportHours: readonly SupportHours[];
  /** The write-us form is not offered by every brand (SPEC §2: not for mes). */
  writeUs: boolean;
}

const siteLinks = (site: string, keys: readonly SiteLinkKey[]) =>
  keys.map((key) => ({ key, url: `${site}/${key}` }));

const ALL_SITE_LINKS: readonly SiteLinkKey[] = ['offers', 'about', 'stores', 'green', 'business'];

export const BRANDS: Readonly<Record<CompanyCode, Brand>> = {
  sgr: {
    code: 'sgr',
    name: 'Serena Gas & Luce',
    colors: {
      primary: '#00607a',
      primaryStrong: '#004557',
      onPrimary: '#ffffff',
      primarySoft: '#e6f4f7',
      accent: '#3fc1c9',
    },
    logo: 'wave',
    loader: 'sway',
    legalEntity: {
      name: 'Serena Gas & Luce S.p.A.',
      vat: '01845230984',
      address: 'Via dei Mille 12, 25121 Brescia',
    },
    siteLinks: siteLinks('https://www.serenagasluce.example', ALL_SITE_LINKS),
    contactsUrl: 'https://www.serenagasluce.example/contatti',
    faqUrl: 'https://www.serenagasluce.example/aiuto/faq',
    privacyEmail: 'privacy@serenagasluce.example',
    helpPhone: '800 190 190',
    supportHours: [
      { days: 'mon_fri', from: '08:00', to: '20:00' },
      { days: 'sat', from: '08:00', to: '13:00' },
    ],
    writeUs: true,
  },
  ast: {
    code: 'ast',
    name: 'Astra Energia',
    colors: {
      primary: '#3a2e8c',
      primaryStrong: '#281f66',
      onPrimary: '#ffffff',
      primarySoft: '#efedfa',
      accent: '#f2c230',
    },
    logo: 'star',
    loader: 'pulse',
    legalEntity: {
      name: 'Astra Energia S.r.l.',
      vat: '02967410164',
      address: 'Viale Europa 40, 24121 Bergamo',
    },
    siteLinks: siteLinks('https://www.astraenergia.example', ALL_SITE_LINKS),
    contactsUrl: 'https://www.astraenergia.example/contatti',
    faqUrl: 'https://www.astraenergia.example/faq',
    privacyEmail: 'privacy@astraenergia.example',
    helpPhone: '800 274 274',
    supportHours: [{ days: 'mon_fri', from: '08:30', to: '18:00' }],
    writeUs: true,
  },
  sga: {
    code: 'sga',
    name: 'Sole Gas Acqua',
    colors: {
      primary: '#8a3a00',
      primaryStrong: '#662b00',
      onPrimary: '#ffffff',
      primarySoft: '#fff3e3',
      accent: '#f6b21b',
    },
    logo: 'sun',
    loader: 'spin',
    legalEntity: {
      name: 'Sole Gas Acqua S.p.A.',
      vat: '03518720176',
      address: 'Corso Magenta 8, 20123 Milano',
    },
    siteLinks: siteLinks('https://www.solegasacqua.example', ALL_SITE_LINKS),
    contactsUrl: 'https://www.solegasacqua.example/contatti',
    faqUrl: 'https://www.solegasacqua.example/assistenza/faq',
    privacyEmail: 'privacy@solegasacqua.example',
    helpPhone: '800 765 765',
    supportHours: [
      { days: 'mon_fri', from: '08:00', to: '20:00' },
      { days: 'sat', from: '09:00', to: '13:00' },
    ],
    writeUs: true,
  },
  mes: {
    code: 'mes',
    name: 'Mesa Servizi Energia',
    colors: {
      primary: '#1f6b3a',
      primaryStrong: '#154d29',
      onPrimary: '#ffffff',
      primarySoft: '#eaf5ec',
      accent: '#8cc63f',
    },
    logo: 'mesa',
    loader: 'bounce',
    legalEntity: {
      name: 'Mesa Servizi Energia S.p.A.',
      vat: '04120850237',
      address: 'Via Roma 3, 37121 Verona',
    },
    // Mesa has no green-energy or business pages on its site.
    siteLinks: siteLinks('https://www.mesaservizi.example', ['offers', 'about', 'stores']),
    contactsUrl: 'https://www.mesaservizi.example/contatti',
    faqUrl: 'https://www.mesaservizi.example/faq',
    privacyEmail: 'privacy@mesaservizi.example',
    helpPhone: '800 632 632',
    supportHours: [{ days: 'mon_fri', from: '09:00', to: '17:00' }],
    writeUs: false,
  },
  msu: {
    code: 'msu',
    name: 'Musa Energia',
    colors: {
      primary: '#8a1d5e',
      primaryStrong: '#661545',
      onPrimary: '#ffffff',
      primarySoft: '#fbeaf2',
      accent: '#f28db2',
    },
    logo: 'flame',
    loader: 'flicker',
    legalEntity: {
      name: 'Musa Energia S.r.l.',
      vat: '05274190486',
      address: 'Piazza della Signoria 5, 50122 Firenze',
    },
    siteLinks: siteLinks('https://www.musaenergia.example', ALL_SITE_LINKS),
    contactsUrl: 'https://www.musaenergia.example/contatti',
    faqUrl: 'https://www.musaenergia.example/supporto/faq',
    privacyEmail: 'privacy@musaenergia.example',
    helpPhone: '800 687 687',
    supportHours: [{ days: 'mon_sat', from: '08:00', to: '21:00' }],
    writeUs: true,
  },
};

export const isCompanyCode = (value: unknown): value is CompanyCode =>
  typeof value === 'string' && (COMPANY_CODES as readonly string[]).includes(value);

export const brandOf = (company: CompanyCode | null): Brand => BRANDS[company ?? DEFAULT_COMPANY];

/** Custom properties for a brand, applied on <html> so every style can use them. */
export function brandCssVariables(brand: Brand): Record<string, string> {
  const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return Object.fromEntries(
    Object.entries(brand.colors).map(([name, value]) => [`--color-${kebab(name)}`, value]),
  );
}

export function applyBrand(brand: Brand, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(brandCssVariables(brand))) root.style.setProperty(name, value);
  root.dataset.brand = brand.code;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brand.colors.primary);
}
