// The demo accounts (same usernames in every brand) and the fixed link hash codes, described
// once: the seed builds them and docs/demo-accounts.json is checked against this list.
import type { UserStatus, UserType } from '@sportello/contract';

export const DEMO_PASSWORD = 'Sportello2026!';

/**
 * DEMO_PASSWORD hashed once with argon2id at the server's parameters (server/src/platform/auth/
 * password.ts), so the demo needs none of the server's code and a seed spends no time hashing.
 * accounts.test.ts verifies it. After changing the password, regenerate it with:
 *   node -e "require('@node-rs/argon2').hash(process.argv[1], { algorithm: 2, memoryCost: 19456,
 *     timeCost: 2, parallelism: 1 }).then(console.log)" 'the new password'
 */
export const DEMO_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$fcRK/6USJv1M2hmKPTOZsA$JczKUfUx0IqsmQGPmtweBQFs+mlvwPAZqwoogRu/Y8E';

/** References to the demo customers of accounts-customers.ts. */
export type DemoCustomerRef =
  | 'mario'
  | 'bianchi'
  | 'aurora'
  | 'anna'
  | 'trattoria'
  | 'querce'
  | 'panificio'
  | 'ferrari'
  | 'giulia'
  | 'sara'
  | 'regPrivate'
  | 'regCompany'
  | 'regCondominium'
  | 'regClosed'
  | 'regLapsed'
  | 'regNoContact';

export interface DemoAccount {
  username: string;
  type: UserType;
  status: UserStatus;
  firstName: string;
  lastName: string;
  email: string;
  phoneMobile: string;
  /** The user's own customer. */
  customer: DemoCustomerRef | null;
  /** Customers reached through an active delegation. */
  delegatedTo: readonly DemoCustomerRef[];
  whatItShows: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    username: 'mariorossi',
    type: 'Customer',
    status: 'Active',
    firstName: 'Mario',
    lastName: 'Rossi',
    email: 'mario.rossi@example.it',
    phoneMobile: '3471234567',
    customer: 'mario',
    delegatedTo: [],
    whatItShows:
      'Private customer (Roma): electricity on an hourly-price offer (Orario, 2 years of hourly consumption and PUN), gas and district heating on separate contracts. Bills of types 1, 4 (credit note), 5, 8 (downloads the PDF), 9 and 31; one overdue, some not yet due, one in installments (paid, overdue, future), one PDF still printing. Registry change in progress (Var_Anagrafica IR010), bank-debit change open on the gas contract only, current/expired/future proposals, boiler maintenance, a notified price change of the hourly offer (box on the supply page, card on the dashboard, notice among the messages), all link codes.',
  },
  {
    username: 'bianchisrl',
    type: 'Customer',
    status: 'Active',
    firstName: 'Carlo',
    lastName: 'Bianchi',
    email: 'carlo.bianchi@example.it',
    phoneMobile: '3389876543',
    customer: 'bianchi',
    delegatedTo: [],
    whatItShows:
      "Company customer with VAT number (Milano): 3 supplies (office and warehouse electricity on one contract, office gas), a partially paid bill, three overdue gas bills and an open insolvency. Every bill is an electronic invoice: its FatturaPA XML (made from the bill's figures) and SdI identifier are downloaded beside the PDF, which says it is the courtesy copy; the recipient code or PEC is set in the profile.",
  },
  {
    username: 'condominioaurora',
    type: 'Customer',
    status: 'Active',
    firstName: 'Roberta',
    lastName: 'Galli',
    email: 'amministrazione.aurora@example.it',
    phoneMobile: '3356677889',
    customer: 'aurora',
    delegatedTo: [],
    whatItShows:
      'Condominium (Torino) with an 11-digit numeric fiscal code: central-heating gas supply and a district-heating supply, maintenance contract of the boiler room.',
  },
  {
    username: 'lucaverdi',
    type: 'Customer',
    status: 'Active',
    firstName: 'Luca',
    lastName: 'Verdi',
    email: 'luca.verdi@example.it',
    phoneMobile: '3402223344',
    customer: null,
    delegatedTo: ['anna', 'trattoria', 'querce'],
    whatItShows:
      'Delegate without a customer of his own: active delegations to his mother Anna Verdi (private), Trattoria Il Girasole S.n.c. and Condominio Le Querce, so he must choose a customer first.',
  },
  {
    username: 'agenziaenergia',
    type: 'Agency',
    status: 'Active',
    firstName: 'Francesca',
    lastName: 'Moretti',
    email: 'agenzia.energia@example.com',
    phoneMobile: '3315556677',
    customer: null,
    delegatedTo: ['panificio', 'ferrari'],
    whatItShows:
      'Agency user with delegations to two customers (Panificio Esposito S.r.l., Giuseppe Ferrari).',
  },
  {
    username: 'giuliaconti',
    type: 'Lead',
    status: 'Active',
    firstName: 'Giulia',
    lastName: 'Conti',
    email: 'giulia.conti@example.it',
    phoneMobile: '3284445566',
    customer: 'giulia',
    delegatedTo: [],
    whatItShows:
      'Lead user (may log in) with one customer and one recently activated electricity supply (Forlì); a notification to accept (blocking popup).',
  },
  {
    username: 'paolonuovo',
    type: 'Customer',
    status: 'Active',
    firstName: 'Paolo',
    lastName: 'Nuovo',
    email: 'paolo.nuovo@example.it',
    phoneMobile: '3297778899',
    customer: null,
    delegatedTo: [],
    whatItShows: 'Newly registered user with no customer and no delegation yet: the empty states.',
  },
  {
    username: 'sarainattiva',
    type: 'Customer',
    status: 'Inactive',
    firstName: 'Sara',
    lastName: 'Galli',
    email: 'sara.galli@example.it',
    phoneMobile: '3391112233',
    customer: 'sara',
    delegatedTo: [],
    whatItShows:
      'Inactive user: login is refused (her customer has a terminated contract with a closing bill, type 2).',
  },
  {
    username: 'operatore1',
    type: 'Operator',
    status: 'Active',
    firstName: 'Operatore',
    lastName: 'Sportello',
    email: 'operatore1@example.com',
    phoneMobile: '3200000001',
    customer: null,
    delegatedTo: [],
    whatItShows: 'Active user of type Operator: a type that may not log in to the portal.',
  },
];

export interface DemoLink {
  /** The hash code is `${name}-${company}`, e.g. demo-invoice-sga. */
  name: string;
  moduleId: number;
  whatItShows: string;
}

export const DEMO_LINKS: readonly DemoLink[] = [
  {
    name: 'demo-invoice',
    moduleId: 1,
    whatItShows: "Opens one of mariorossi's bills (type 1, invoice page; needs login).",
  },
  { name: 'demo-message', moduleId: 4, whatItShows: 'Opens a message of mariorossi (guest allowed).' },
  { name: 'demo-password', moduleId: 5, whatItShows: 'Password reset for mariorossi (guest allowed).' },
  {
    name: 'demo-workflow',
    moduleId: 6,
    whatItShows: 'Workflow reply: confirm, reschedule or refuse a meter-check appointment (guest allowed).',
  },
  {
    name: 'demo-self-reading',
    moduleId: 7,
    whatItShows: "Self-reading of mariorossi's gas supply (guest allowed).",
  },
  { name: 'demo-proposal', moduleId: 8, whatItShows: 'The current proposal of mariorossi (guest allowed).' },
  {
    name: 'demo-pun',
    moduleId: 9,
    whatItShows: "PUN and hourly consumption of mariorossi's hourly-price supply (guest allowed).",
  },
  {
    name: 'demo-expired',
    moduleId: 4,
    whatItShows: "Expired link: back to login with 'Link scaduto, inserire nuovamente i dati'.",
  },
];
