// The five brands (SPEC §9 company codes) with invented names, their modules, configuration and offers.
import { COMPANY_CODES, MODULE_KEYS, type CompanyCode, type ModuleKey } from '@sportello/contract';
import type { InferInsertModel } from 'drizzle-orm';
import { companies, companyModules, confProperties, offers } from '@sportello/db/schema';
import type { IdAllocator, RowBuffer } from '../engine/bulk.js';
import { addServices } from '../services/services.js';
import { OFFER_TERMS } from './offer-terms.js';

export interface CompanyDef {
  code: CompanyCode;
  /** Position in COMPANY_CODES; makes customer codes and contract numbers distinct per brand. */
  index: number;
  name: string;
  legalName: string;
  /** Modules left disabled, so the product visibly differs between brands. */
  disabled: readonly ModuleKey[];
}

/** What bills print for each brand; the same values as the web's brand data (web/src/shared/brands). */
const BILL_BRANDING: Record<
  CompanyCode,
  {
    vatNumber: string;
    legalAddress: string;
    helpPhone: string;
    logoMark: string;
    primaryColor: string;
    accentColor: string;
  }
> = {
  sgr: {
    vatNumber: '01845230984',
    legalAddress: 'Via dei Mille 12, 25121 Brescia',
    helpPhone: '800 190 190',
    logoMark: 'wave',
    primaryColor: '#00607a',
    accentColor: '#3fc1c9',
  },
  ast: {
    vatNumber: '02967410164',
    legalAddress: 'Viale Europa 40, 24121 Bergamo',
    helpPhone: '800 274 274',
    logoMark: 'star',
    primaryColor: '#3a2e8c',
    accentColor: '#f2c230',
  },
  sga: {
    vatNumber: '03518720176',
    legalAddress: 'Corso Magenta 8, 20123 Milano',
    helpPhone: '800 765 765',
    logoMark: 'sun',
    primaryColor: '#8a3a00',
    accentColor: '#f6b21b',
  },
  mes: {
    vatNumber: '04120850237',
    legalAddress: 'Via Roma 3, 37121 Verona',
    helpPhone: '800 632 632',
    logoMark: 'mesa',
    primaryColor: '#1f6b3a',
    accentColor: '#8cc63f',
  },
  msu: {
    vatNumber: '05274190486',
    legalAddress: 'Piazza della Signoria 5, 50122 Firenze',
    helpPhone: '800 687 687',
    logoMark: 'flame',
    primaryColor: '#8a1d5e',
    accentColor: '#f28db2',
  },
};

/**
 * Where a customer sends a bank transfer to the brand (read from its configuration by the bill
 * answer where the brand has no online payment). Invented accounts of an invented bank code, with
 * valid check digits.
 */
const BANK_IBAN: Record<CompanyCode, string> = {
  sgr: 'IT18T0123412345000000101010',
  ast: 'IT53I0123412345000000202020',
  sga: 'IT59O0123412345000000303030',
  mes: 'IT65U0123412345000000404040',
  msu: 'IT88G0123412345000000505050',
};

// Fictional brands: any resemblance to a real supplier is unintended.
const BRANDS: Record<CompanyCode, Omit<CompanyDef, 'code' | 'index'>> = {
  sgr: { name: 'Serena Gas & Luce', legalName: 'Serena Gas & Luce S.p.A.', disabled: [] },
  ast: {
    name: 'Astra Energia',
    legalName: 'Astra Energia S.r.l.',
    disabled: ['AutoLettura', 'dettFatt'],
  },
  sga: { name: 'Sole Gas Acqua', legalName: 'Sole Gas Acqua S.p.A.', disabled: [] },
  mes: {
    name: 'Mesa Servizi Energia',
    legalName: 'Mesa Servizi Energia S.p.A.',
    disabled: ['ser', 'pay'],
  },
  msu: {
    name: 'Musa Energia',
    legalName: 'Musa Energia S.r.l.',
    disabled: ['grafConsumi'],
  },
};

export const COMPANIES: readonly CompanyDef[] = COMPANY_CODES.map((code, index) => ({
  code,
  index,
  ...BRANDS[code],
}));

export const APP_MIN_VERSION = '0.6.0';

export type Commodity = 'electricity' | 'gas' | 'heat';
export type OfferCode = 'luce-oraria' | 'luce-fissa' | 'gas-variabile' | 'gas-fisso' | 'calore';

export const OFFERS: Record<
  OfferCode,
  {
    name: string;
    commodity: Commodity;
    priceType: string;
    description: string;
    /** How many months the economic conditions hold from the start (then renewed); null: no end fixed. */
    months: number | null;
  }
> = {
  'luce-oraria': {
    name: 'Luce Oraria',
    commodity: 'electricity',
    priceType: 'Orario',
    description: 'Prezzo della materia energia pari al PUN orario più uno spread fisso per 24 mesi.',
    months: 24,
  },
  'luce-fissa': {
    name: 'Luce Fissa 24',
    commodity: 'electricity',
    priceType: 'Fisso',
    description: 'Prezzo della materia energia bloccato per 24 mesi, uguale in tutte le fasce.',
    months: 24,
  },
  'gas-variabile': {
    name: 'Gas Indicizzato',
    commodity: 'gas',
    priceType: 'Variabile',
    description: 'Prezzo del gas indicizzato al PSV mensile più uno spread fisso.',
    months: null,
  },
  'gas-fisso': {
    name: 'Gas Fisso 12',
    commodity: 'gas',
    priceType: 'Fisso',
    description: 'Prezzo del gas bloccato per 12 mesi.',
    months: 12,
  },
  calore: {
    name: 'Calore Teleriscaldamento',
    commodity: 'heat',
    priceType: 'Variabile',
    description: 'Fornitura di energia termica dalla rete di teleriscaldamento cittadina.',
    months: null,
  },
};

export type OfferIds = Record<OfferCode, number>;

/**
 * The ERP's key of a brand's offer (the seed's offers are the ERP's too, ADR 040). It is the offer's
 * code the bill and the offer sheet print ("Codice offerta SGA-CALORE"), so it reads as one.
 */
export const offerExtKey = (companyCode: string, code: OfferCode) => `${companyCode}-${code}`.toUpperCase();

/** What a brand's bills print of it: its VAT number and legal address among the rest. */
export const billBranding = (code: CompanyCode) => BILL_BRANDING[code];

/** Writes the brand, its modules, App_min_version and its offers; returns the offer ids. */
export function addCompany(buffer: RowBuffer, ids: IdAllocator, company: CompanyDef): OfferIds {
  buffer.add(companies, {
    code: company.code,
    name: company.name,
    legalName: company.legalName,
    ...BILL_BRANDING[company.code],
  });
  buffer.add(
    companyModules,
    ...MODULE_KEYS.map((moduleKey) => ({
      companyCode: company.code,
      moduleKey,
      enabled: !company.disabled.includes(moduleKey),
    })),
  );
  buffer.add(
    confProperties,
    { companyCode: company.code, name: 'App_min_version', value: APP_MIN_VERSION },
    { companyCode: company.code, name: 'Payment_iban', value: BANK_IBAN[company.code] },
    { companyCode: company.code, name: 'Payment_beneficiary', value: company.legalName },
  );
  addServices(buffer, company.code);

  const offerIds = {} as OfferIds;
  const rows: InferInsertModel<typeof offers>[] = [];
  for (const [code, { months: _months, ...offer }] of Object.entries(OFFERS) as [
    OfferCode,
    (typeof OFFERS)[OfferCode],
  ][]) {
    const id = ids.next(offers);
    offerIds[code] = id;
    rows.push({
      id,
      key: `OFF-${company.code}-${code}`,
      extKey: offerExtKey(company.code, code),
      companyCode: company.code,
      ...offer,
      ...OFFER_TERMS[code],
    });
  }
  buffer.add(offers, ...rows);
  return offerIds;
}
