// The content of docs/demo-accounts.json, derived from accounts.ts so the two cannot drift apart
// (a test compares them; `npm run demo:accounts-doc` rewrites the file).
import { COMPANY_CODES } from '@sportello/contract';
import { DEMO_ACCOUNTS, DEMO_LINKS, DEMO_PASSWORD } from './accounts.js';
import { DEMO_STAFF } from './staff.js';

export interface DemoAccountDoc {
  username: string;
  password: string;
  company: 'every';
  type: string;
  status: string;
  whatItShows: string;
}

export interface DemoLinkDoc {
  hashCodes: string[];
  moduleId: number;
  whatItShows: string;
}

export interface DemoStaffDoc {
  username: string;
  password: string;
  totpSecret: string;
  role: string;
  brands: string[];
  whatItShows: string;
}

export function demoAccountsDoc(): {
  accounts: DemoAccountDoc[];
  links: DemoLinkDoc[];
  staff: DemoStaffDoc[];
} {
  return {
    accounts: DEMO_ACCOUNTS.map((a) => ({
      username: a.username,
      password: DEMO_PASSWORD,
      company: 'every',
      type: a.type,
      status: a.status,
      whatItShows: a.whatItShows,
    })),
    links: DEMO_LINKS.map((l) => ({
      hashCodes: COMPANY_CODES.map((code) => `${l.name}-${code}`),
      moduleId: l.moduleId,
      whatItShows: l.whatItShows,
    })),
    staff: [
      {
        username: DEMO_STAFF.username,
        password: DEMO_PASSWORD,
        totpSecret: DEMO_STAFF.totpSecret,
        role: DEMO_STAFF.role,
        brands: [...DEMO_STAFF.brands],
        whatItShows: DEMO_STAFF.whatItShows,
      },
    ],
  };
}
