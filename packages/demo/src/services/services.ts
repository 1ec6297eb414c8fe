// What each brand offers on the services page (SPEC §2 `ser`), as data like the brands: the same
// services in a brand's own order, with the extras that differ between brands.
import type { CompanyCode } from '@sportello/contract';
import { brandServices } from '@sportello/db/schema';
import type { RowBuffer } from '../engine/bulk.js';

interface ServiceDef {
  code: string;
  kind: 'billing' | 'bank_debit' | 'maintenance' | 'activation';
  name: string;
  description: string;
  commodities?: string[];
  oncePerCustomer?: boolean;
}

const SERVICES = {
  bollettaclick: {
    code: 'bollettaclick',
    kind: 'billing',
    name: 'Bolletta click',
    description: 'Ricevi la bolletta via e-mail invece che su carta: più veloce e senza carta.',
  },
  domiciliazione: {
    code: 'domiciliazione',
    kind: 'bank_debit',
    name: 'Domiciliazione bancaria',
    description: 'Paga le bollette con addebito automatico sul conto corrente (SEPA).',
  },
  manutenzione: {
    code: 'manutenzione',
    kind: 'maintenance',
    name: 'Manutenzione caldaia',
    description: 'Controllo annuale, fumi e libretto di impianto con i nostri tecnici.',
    commodities: ['gas', 'heat'],
  },
  buonoCinema: {
    code: 'buono-cinema',
    kind: 'activation',
    name: 'Buono cinema',
    description: 'Un biglietto omaggio per due persone: uno per cliente, richiedilo una sola volta.',
    oncePerCustomer: true,
  },
  assicurazione: {
    code: 'assicurazione-casa',
    kind: 'activation',
    name: 'Assicurazione guasti elettrici',
    description: 'Interventi di un elettricista in 24 ore per i guasti dell’impianto di casa.',
    commodities: ['electricity'],
  },
  checkUp: {
    code: 'check-up-caldaia',
    kind: 'activation',
    name: 'Check-up caldaia',
    description: 'Una visita di controllo della caldaia a prezzo fisso, senza contratto annuale.',
    commodities: ['gas'],
  },
} satisfies Record<string, ServiceDef>;

const S = SERVICES;

/** Mesa offers no services page (module ser disabled). */
export const BRAND_SERVICES: Readonly<Record<CompanyCode, readonly ServiceDef[]>> = {
  sgr: [S.bollettaclick, S.domiciliazione, S.manutenzione, S.buonoCinema, S.assicurazione, S.checkUp],
  ast: [S.bollettaclick, S.domiciliazione, S.assicurazione, S.manutenzione],
  sga: [S.bollettaclick, S.domiciliazione, S.manutenzione, S.buonoCinema, S.assicurazione, S.checkUp],
  mes: [],
  msu: [S.bollettaclick, S.domiciliazione, S.buonoCinema, S.manutenzione],
};

export function addServices(buffer: RowBuffer, companyCode: CompanyCode) {
  buffer.add(
    brandServices,
    ...BRAND_SERVICES[companyCode].map((service, i) => ({
      companyCode,
      position: i + 1,
      code: service.code,
      kind: service.kind,
      name: service.name,
      description: service.description,
      commodities: service.commodities ?? [],
      oncePerCustomer: service.oncePerCustomer ?? false,
    })),
  );
}
