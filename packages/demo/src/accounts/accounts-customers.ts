// The demo customers behind the accounts of accounts.ts: who they are, where they live, their
// contracts and the billing scenarios each one demonstrates.
import type { DemoCustomerRef } from './accounts.js';
import type { SeedContext } from '../engine/context.js';
import { longStanding, type CustomerSpec } from '../customers/customer-builder.js';
import { addDays, addMonths, monthEnd, monthStart } from '../engine/dates.js';

const ISTAT = {
  roma: '058091',
  milano: '015146',
  bergamo: '016024',
  torino: '001272',
  bologna: '037006',
  firenze: '048017',
  verona: '023091',
  napoli: '063049',
  modena: '036023',
  forli: '040012',
  genova: '010025',
  brescia: '017029',
} as const;

export function demoCustomerSpecs(ctx: SeedContext): Record<DemoCustomerRef, CustomerSpec> {
  const town = (code: keyof typeof ISTAT) => ctx.towns.get(ISTAT[code]);
  const { today, historyStart } = ctx;
  // Smart meters of the other demo electricity supplies report hourly data for the last 60 days.
  const recentMeter = addDays(today, -60);
  const base = { scope: '' as const, detail: 'full' as const };

  /**
   * One electricity supply: what the registration screens show. Full detail, as every demo account,
   * so a customer who registers finds every bill explained.
   */
  const registrationCustomer = (
    spec: Pick<CustomerSpec, 'type' | 'name' | 'person' | 'town' | 'street' | 'email'> & {
      endDate?: string;
      phoneMobile?: string;
    },
  ): CustomerSpec => ({
    ...base,
    ...spec,
    phoneMobile: spec.phoneMobile ?? null,
    phoneHome: null,
    since: longStanding(today, 6),
    contracts: [
      {
        startDate: longStanding(today, 5),
        endDate: spec.endDate ?? null,
        sepa: false,
        shipping: false,
        supplies: [
          {
            commodity: 'electricity',
            offer: 'luce-fissa',
            nickname: null,
            annual: 2400,
            profile: spec.type === 'private' ? 'domestic' : 'business',
            powerKw: 3,
            fullCapacityStartDate: null,
          },
        ],
        billing: { lagDays: 6, cycleOffset: 0 },
      },
    ],
  });

  return {
    mario: {
      ...base,
      type: 'private',
      person: {
        firstName: 'Mario',
        lastName: 'Rossi',
        sex: 'M',
        birthDate: '1978-04-12',
        birthTown: town('roma'),
      },
      town: town('roma'),
      street: 'Via Giuseppe Garibaldi',
      email: 'mario.rossi@example.it',
      phoneMobile: '3471234567',
      phoneHome: '0654321098',
      since: longStanding(today, 30),
      contracts: [
        {
          startDate: longStanding(today, 28),
          sepa: true,
          shipping: false,
          supplies: [
            {
              commodity: 'electricity',
              offer: 'luce-oraria',
              nickname: 'Casa',
              annual: 2700,
              profile: 'domestic',
              powerKw: 3,
              fullCapacityStartDate: addDays(historyStart, -45),
            },
          ],
          billing: {
            lagDays: 6,
            cycleOffset: 0,
            installmentPlan: true,
            typeCodes: { 3: 31, 7: 9, 9: 8 },
            creditNoteOf: 5,
          },
        },
        {
          startDate: longStanding(today, 26),
          sepa: true,
          sepaState: 'VariazioneInCorso',
          shipping: false,
          supplies: [
            {
              commodity: 'gas',
              offer: 'gas-variabile',
              nickname: 'Casa',
              annual: 950,
              profile: 'domestic',
              powerKw: 0,
            },
          ],
          billing: { lagDays: 9, cycleOffset: 0, overdue: 1, typeCodes: { 4: 5, 8: 31 } },
        },
        {
          startDate: longStanding(today, 10),
          sepa: false,
          shipping: true,
          supplies: [
            {
              commodity: 'heat',
              offer: 'calore',
              nickname: 'Casa di Brescia',
              annual: 7800,
              profile: 'domestic',
              powerKw: 15,
              site: town('brescia'),
            },
          ],
          billing: { lagDays: 4, cycleOffset: 0, latestPrinting: true, typeCodes: { 2: 31 } },
        },
      ],
    },
    bianchi: {
      ...base,
      type: 'company',
      name: 'Bianchi S.r.l.',
      town: town('milano'),
      street: 'Via Alessandro Manzoni',
      email: 'amministrazione.bianchisrl@example.it',
      phoneMobile: '3389876543',
      phoneHome: '0287654321',
      since: longStanding(today, 40),
      contracts: [
        {
          startDate: longStanding(today, 36),
          sepa: false,
          shipping: true,
          supplies: [
            {
              commodity: 'electricity',
              offer: 'luce-fissa',
              nickname: 'Ufficio',
              annual: 14_000,
              profile: 'business',
              powerKw: 15,
              fullCapacityStartDate: recentMeter,
            },
            {
              commodity: 'electricity',
              offer: 'luce-fissa',
              nickname: 'Magazzino',
              annual: 22_000,
              profile: 'business',
              powerKw: 30,
              site: town('bergamo'),
              fullCapacityStartDate: recentMeter,
              // A bi-hourly meter: registers F1 and F23.
              registers: 'bi',
            },
          ],
          billing: {
            lagDays: 8,
            cycleOffset: 0,
            partiallyPaid: true,
            typeCodes: { 3: 31 },
            // The ERP loads each bill's FatturaPA XML with it: the customer downloads it (ADR 067).
            eInvoices: true,
          },
        },
        {
          startDate: longStanding(today, 30),
          sepa: false,
          shipping: false,
          supplies: [
            {
              commodity: 'gas',
              offer: 'gas-fisso',
              nickname: 'Ufficio',
              annual: 3200,
              profile: 'business',
              powerKw: 0,
            },
          ],
          billing: { lagDays: 12, cycleOffset: 1, overdue: 3, eInvoices: true },
        },
      ],
    },
    aurora: {
      ...base,
      type: 'condominium',
      name: 'Condominio Aurora',
      town: town('torino'),
      street: 'Corso Vittorio Emanuele II',
      email: 'condominio.aurora@example.it',
      phoneMobile: '3356677889',
      phoneHome: '0114567890',
      since: longStanding(today, 60),
      contracts: [
        {
          startDate: longStanding(today, 60),
          sepa: true,
          shipping: true,
          supplies: [
            {
              commodity: 'gas',
              offer: 'gas-variabile',
              nickname: 'Centrale termica',
              annual: 28_000,
              profile: 'condominium',
              powerKw: 0,
            },
          ],
          billing: { lagDays: 5, cycleOffset: 0 },
        },
        {
          startDate: longStanding(today, 20),
          sepa: false,
          shipping: true,
          supplies: [
            {
              commodity: 'heat',
              offer: 'calore',
              nickname: 'Teleriscaldamento',
              annual: 180_000,
              profile: 'condominium',
              powerKw: 250,
            },
          ],
          // Issued 31 days ago and unpaid: its installment window closed yesterday (ADR 015).
          billing: { lagDays: 31, cycleOffset: 1, overdue: 1, typeCodes: { 5: 9 } },
        },
      ],
    },
    anna: {
      ...base,
      type: 'private',
      person: {
        firstName: 'Anna',
        lastName: 'Verdi',
        sex: 'F',
        birthDate: '1952-09-03',
        birthTown: town('bologna'),
      },
      town: town('bologna'),
      street: 'Via Marconi',
      email: 'anna.verdi@example.it',
      phoneMobile: '3331239876',
      phoneHome: '051334455',
      since: longStanding(today, 80),
      contracts: [
        {
          startDate: longStanding(today, 70),
          sepa: true,
          shipping: false,
          supplies: [
            {
              commodity: 'electricity',
              offer: 'luce-fissa',
              nickname: null,
              annual: 1900,
              profile: 'domestic',
              powerKw: 3,
              fullCapacityStartDate: recentMeter,
              // An old single-register meter (F0).
              registers: 'mono',
            },
          ],
          billing: { lagDays: 3, cycleOffset: 0 },
        },
        {
          startDate: longStanding(today, 70),
          sepa: true,
          shipping: false,
          supplies: [
            {
              commodity: 'gas',
              offer: 'gas-fisso',
              nickname: null,
              annual: 700,
              profile: 'domestic',
              powerKw: 0,
            },
          ],
          // Issued 30 days ago and unpaid: today is the last day of its installment window (ADR 015).
          billing: { lagDays: 30, cycleOffset: 1, overdue: 1 },
        },
      ],
    },
    trattoria: {
      ...base,
      type: 'company',
      name: 'Trattoria Il Girasole S.n.c.',
      town: town('firenze'),
      street: 'Via San Francesco',
      email: 'trattoria.girasole@example.it',
      phoneMobile: '3479988776',
      phoneHome: '055223344',
      since: longStanding(today, 24),
      contracts: [
        {
          startDate: longStanding(today, 24),
          sepa: false,
          shipping: false,
          supplies: [
            {
              commodity: 'electricity',
              offer: 'luce-fissa',
              nickname: 'Locale',
              annual: 18_000,
              profile: 'business',
              powerKw: 20,
              fullCapacityStartDate: recentMeter,
            },
          ],
          billing: { lagDays: 7, cycleOffset: 0, typeCodes: { 6: 31 } },
        },
      ],
    },
    querce: {
      ...base,
      type: 'condominium',
      name: 'Condominio Le Querce',
      town: town('verona'),
      street: 'Viale Europa',
      email: 'condominio.lequerce@example.it',
      phoneMobile: '3453344556',
      phoneHome: null,
      since: longStanding(today, 50),
      contracts: [
        {
          startDate: longStanding(today, 50),
          sepa: true,
          shipping: true,
          supplies: [
            {
              commodity: 'heat',
              offer: 'calore',
              nickname: 'Centrale',
              annual: 120_000,
              profile: 'condominium',
              powerKw: 180,
            },
          ],
          billing: { lagDays: 11, cycleOffset: 0 },
        },
      ],
    },
    panificio: {
      ...base,
      type: 'company',
      name: 'Panificio Esposito S.r.l.',
      town: town('napoli'),
      street: 'Via dei Mille',
      email: 'panificio.esposito@example.it',
      phoneMobile: '3381122334',
      phoneHome: '0815566778',
      since: longStanding(today, 45),
      contracts: [
        {
          startDate: longStanding(today, 45),
          sepa: true,
          shipping: false,
          supplies: [
            {
              commodity: 'electricity',
              offer: 'luce-fissa',
              nickname: 'Laboratorio',
              annual: 30_000,
              profile: 'business',
              powerKw: 25,
              fullCapacityStartDate: recentMeter,
            },
          ],
          billing: { lagDays: 5, cycleOffset: 1 },
        },
      ],
    },
    ferrari: {
      ...base,
      type: 'private',
      person: {
        firstName: 'Giuseppe',
        lastName: 'Ferrari',
        sex: 'M',
        birthDate: '1965-01-21',
        birthTown: town('modena'),
      },
      town: town('modena'),
      street: 'Via Giuseppe Verdi',
      email: 'giuseppe.ferrari@example.it',
      phoneMobile: '3356655443',
      phoneHome: null,
      since: longStanding(today, 35),
      contracts: [
        {
          startDate: longStanding(today, 35),
          sepa: false,
          shipping: false,
          supplies: [
            {
              commodity: 'gas',
              offer: 'gas-variabile',
              nickname: null,
              annual: 1100,
              profile: 'domestic',
              powerKw: 0,
            },
          ],
          billing: { lagDays: 9, cycleOffset: 0, overdue: 1 },
        },
      ],
    },
    giulia: {
      ...base,
      type: 'private',
      person: {
        firstName: 'Giulia',
        lastName: 'Conti',
        sex: 'F',
        birthDate: '1990-06-15',
        birthTown: town('forli'),
      },
      town: town('forli'),
      street: 'Corso Italia',
      email: 'giulia.conti@example.it',
      phoneMobile: '3284445566',
      phoneHome: null,
      since: monthStart(addMonths(today, -8)),
      contracts: [
        {
          startDate: monthStart(addMonths(today, -7)),
          sepa: false,
          shipping: false,
          supplies: [
            {
              commodity: 'electricity',
              offer: 'luce-fissa',
              nickname: 'Casa',
              annual: 1800,
              profile: 'domestic',
              powerKw: 3,
              fullCapacityStartDate: recentMeter,
            },
          ],
          billing: { lagDays: 5, cycleOffset: 0 },
        },
      ],
    },
    sara: {
      ...base,
      type: 'private',
      person: {
        firstName: 'Sara',
        lastName: 'Galli',
        sex: 'F',
        birthDate: '1985-11-30',
        birthTown: town('genova'),
      },
      town: town('genova'),
      street: 'Via XX Settembre',
      email: 'sara.galli@example.it',
      phoneMobile: '3391112233',
      phoneHome: null,
      since: longStanding(today, 20),
      contracts: [
        {
          startDate: longStanding(today, 20),
          endDate: monthEnd(addMonths(today, -4)),
          sepa: false,
          shipping: false,
          supplies: [
            {
              commodity: 'electricity',
              offer: 'luce-fissa',
              nickname: null,
              annual: 2100,
              profile: 'domestic',
              powerKw: 3,
              fullCapacityStartDate: null,
            },
          ],
          billing: { lagDays: 6, cycleOffset: 0 },
        },
      ],
    },
    // Registration: customers without a user, one per type, and two whose contracts ended (ADR 066).
    regPrivate: registrationCustomer({
      type: 'private',
      person: {
        firstName: 'Elena',
        lastName: 'Marchi',
        sex: 'F',
        birthDate: '1988-03-21',
        birthTown: town('bologna'),
      },
      town: town('bologna'),
      street: 'Via Indipendenza',
      // Both contacts on file: the registration code goes to the one she picks (ADR 022).
      email: 'elena.marchi@example.it',
      phoneMobile: '3397654543',
    }),
    regCompany: registrationCustomer({
      type: 'company',
      name: 'Officine Rinaldi S.r.l.',
      town: town('modena'),
      street: 'Via Emilia Est',
      email: 'amministrazione@officinerinaldi.example.it',
    }),
    regCondominium: registrationCustomer({
      type: 'condominium',
      name: 'Condominio Il Glicine',
      town: town('verona'),
      street: 'Corso Porta Nuova',
      email: 'condominio.glicine@example.it',
    }),
    regClosed: registrationCustomer({
      type: 'private',
      person: {
        firstName: 'Marco',
        lastName: 'Fontana',
        sex: 'M',
        birthDate: '1970-09-02',
        birthTown: town('napoli'),
      },
      town: town('napoli'),
      street: 'Via Toledo',
      email: 'marco.fontana@example.it',
      // Ended two months ago: a former customer, who keeps the personal area for six months (ADR 066).
      endDate: monthEnd(addMonths(today, -2)),
    }),
    // Nothing on file: registration asks the number and total of one of the latest bills (ADR 022).
    regNoContact: registrationCustomer({
      type: 'private',
      person: {
        firstName: 'Luisa',
        lastName: 'Ferri',
        sex: 'F',
        birthDate: '1965-11-30',
        birthTown: town('bologna'),
      },
      town: town('bologna'),
      street: 'Via Indipendenza',
      email: null,
    }),
    // Ended eight months ago: past the six months, registering says the area is closed (ADR 066).
    regLapsed: registrationCustomer({
      type: 'private',
      person: {
        firstName: 'Franca',
        lastName: 'Riva',
        sex: 'F',
        birthDate: '1959-02-14',
        birthTown: town('firenze'),
      },
      town: town('firenze'),
      street: 'Via dei Calzaiuoli',
      email: 'franca.riva@example.it',
      endDate: monthEnd(addMonths(today, -8)),
    }),
  };
}
