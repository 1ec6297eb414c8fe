// Registration: a private customer registers end to end (refusals on their fields
// first, a reload that keeps the steps but not the password), reads the confirmation mail from the
// outbox and logs in to the onboarding tour, once; forgets the password, follows the
// mailed link to /recupero-psw and logs in with the new one; a delegate registers (address from the
// suggestions), the delegator
// confirms from the mailed module 6 link, and the delegate reaches the customer; the pre-filled
// /{type}/tax-code/{taxCode} route. Screenshots at 375
// and 1280 px; axe on every page. The README's registration customers are used (brand digit 3 = sga,
// 2 = ast), so the tests run in order on one seeded database.
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  answerConsent,
  chooseBrand,
  expectAccessible,
  expectPage,
  mailedPath,
  mailText,
  passStepUpWithCode,
  screenshotBothSizes,
  submitLogin,
  VIEWPORTS,
} from '../support/app';

const NEW_PASSWORD = 'Registrato2026!';
const RESET_PASSWORD = 'Ritrovata2026!';
const ELENA = { code: '30000011', fiscalCode: 'MRCLNE88C61A944R', email: 'elena.marchi@example.it' };
/** Franca Riva: her contract ended eight months ago, past the six months of the area (ADR 066). */
const CLOSED = { code: '30000016', fiscalCode: 'RVIFNC59B54D612F' };
const ELENA_AST = { code: '20000011', fiscalCode: 'MRCLNE88C61A944R' };
const API = '/services/rest/portalapi';

const linkToken = (text: string) => /\/link\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
/** A browser that never opened the portal (a phone reading its mail): no storage, no brand chosen. */
async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS.mobile });
  return context.newPage();
}

/** The new-password field (its label carries the required mark, so it is found by its name). */
const password = (page: Page) => page.getByRole('textbox', { name: 'Password', exact: true });

async function next(page: Page, label = 'Continua') {
  await page.getByRole('button', { name: label }).click();
}

// Many pages, each checked with axe, in one flow: more than the default minute on a shared machine.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

test('a private customer registers, is refused what is wrong, and logs in', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await chooseBrand(page, 'sga');
  await page.getByRole('link', { name: 'Registrati' }).click();
  await expectPage(page, '/registrazione', 'Registrati');
  await screenshotBothSizes(page, 'registration-start');
  await page.getByRole('link', { name: 'Sono intestatario di un contratto' }).click();
  await expectPage(page, '/registrazione/cliente-sgr', 'Che tipo di cliente sei?');
  await page.getByRole('link', { name: 'Privato' }).click();
  await expectPage(page, '/registrazione/cliente-sgr/private/dati', 'I tuoi dati');

  // Messages after the first submit, kept in sync while typing.
  await next(page);
  await expect(page.getByText('Il codice cliente è obbligatorio')).toBeVisible();
  await page.getByLabel('Codice cliente').fill(CLOSED.code);
  await expect(page.getByText('Il codice cliente è obbligatorio')).toBeHidden();
  await page.getByLabel('Codice fiscale').fill('RVIFNC59B54D612X');
  await next(page);
  await expect(page.getByText('Codice fiscale non valido')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Codice fiscale').fill(CLOSED.fiscalCode);
  await next(page);
  await expect(
    page.getByText(/L'area clienti non è più disponibile.*contatta il servizio clienti/),
  ).toBeVisible();
  await expect(page.getByLabel('Codice cliente')).toHaveValue(CLOSED.code);
  // A wrong client code: the data do not match (not the ended-contract text).
  await page.getByLabel('Codice cliente').fill('30009999');
  await next(page);
  await expect(page.getByText(/I dati non corrispondono/)).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Codice cliente').fill(ELENA.code);
  await page.getByLabel('Codice fiscale').fill(ELENA.fiscalCode.toLowerCase());
  await next(page);
  await expectPage(page, '/registrazione/cliente-sgr/forniture', 'Le tue forniture attive');
  await expect(page.getByText('Intestatario: Elena Marchi', { exact: false })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Le tue forniture attive' }).getByRole('listitem')).toHaveCount(
    1,
  );
  // The supplier's name ends with its own full stop, never two ('S.r.l..').
  await expect(page.getByText(/\.\./)).toHaveCount(0);

  // Proof of possession (ADR 022): the code goes to a contact on file, chosen among the masked ones.
  await expect(page.getByRole('heading', { name: 'Conferma che sei tu' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'E-mail e•••@e•••.it' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'SMS al numero +39 ••• ••• •543' })).toBeVisible();
  await screenshotBothSizes(page, 'registration-supplies');
  await page.setViewportSize(VIEWPORTS.desktop);
  await next(page, 'Invia il codice');
  await expect(page.getByText('Ti abbiamo inviato il codice a e•••@e•••.it: vale 10 minuti.')).toBeVisible();
  const code = /\b(\d{4})\b/.exec(await mailText(page, ELENA.email, 'Codice di registrazione'))?.[1] ?? '';
  expect(code).toMatch(/^\d{4}$/);
  await page.getByLabel('Codice ricevuto').fill(code);
  await screenshotBothSizes(page, 'registration-proof-code');
  await page.setViewportSize(VIEWPORTS.desktop);
  await next(page);

  await expectPage(page, '/registrazione/cliente-sgr/username', 'Nome utente e password');
  await page.getByLabel('Nome utente').fill('mariorossi');
  await password(page).fill('debole');
  await page.getByLabel('Conferma password').fill('diversa');
  await next(page);
  await expect(page.getByText(/La password deve contenere almeno 8 caratteri/)).toBeVisible();
  await expect(page.getByText(/almeno una lettera maiuscola/)).toBeVisible();
  await expect(page.getByText('Le password non corrispondono')).toBeVisible();
  await screenshotBothSizes(page, 'registration-username-errors');
  await page.setViewportSize(VIEWPORTS.desktop);
  await password(page).fill(NEW_PASSWORD);
  await page.getByLabel('Conferma password').fill(NEW_PASSWORD);
  await expect(page.getByText(/La password deve contenere/)).toBeHidden();
  await next(page);
  await expect(page.getByText('Nome utente già in uso')).toBeVisible();
  await page.getByLabel('Nome utente').fill('elenamarchi');
  await next(page);

  // A reload keeps the steps' data (sessionStorage), never the password: it is asked for again.
  await expectPage(page, '/registrazione/cliente-sgr/privacy', 'Privacy');
  const stored = await page.evaluate(() => window.sessionStorage.getItem('sportello.registration-draft'));
  expect(stored).toContain('elenamarchi');
  expect(stored).not.toContain(NEW_PASSWORD);
  await page.reload();
  await expectPage(page, '/registrazione/cliente-sgr/username', 'Nome utente e password');
  await expect(page.getByLabel('Nome utente')).toHaveValue('elenamarchi');
  await expect(password(page)).toHaveValue('');
  await password(page).fill(NEW_PASSWORD);
  await page.getByLabel('Conferma password').fill(NEW_PASSWORD);
  await next(page);

  await expectPage(page, '/registrazione/cliente-sgr/privacy', 'Privacy');
  await expect(page.getByRole('link', { name: /informativa privacy di Sole Gas/ })).toHaveAttribute(
    'href',
    /\/privacy$/,
  );
  await next(page, 'Completa la registrazione');
  await expect(page.getByText('Il consenso per il trattamento dati personali è obbligatorio')).toBeVisible();
  await page.getByLabel(/Acconsento al trattamento dei dati personali/).check();
  await next(page, 'Completa la registrazione');
  await expect(page.getByRole('heading', { name: 'Registrazione completata' })).toBeVisible();
  await expectAccessible(page);

  const mail = await mailText(page, ELENA.email, 'Registrazione completata');
  expect(mail).toContain('elenamarchi');
  expect(mail).toContain('Se non sei stato tu');
  // The mail's login link opens the brand's login on a phone that never chose one.
  const phone = await freshPage(browser, baseURL);
  await phone.goto(mailedPath(mail, '/login'));
  await answerConsent(phone);
  await expectPage(phone, '/login', 'Accedi alla tua area clienti');
  await expect(phone.getByRole('link', { name: /Sole Gas/ })).toBeVisible();
  await phone.context().close();
  await page.getByRole('button', { name: 'Vai al login' }).click();
  await expectPage(page, '/login', 'Accedi alla tua area clienti');
  await submitLogin(page, 'elenamarchi', NEW_PASSWORD);
  // The first login opens the onboarding tour; skipped, it does not open again (next test).
  await expectPage(page, '/onboarding', /^Benvenuto nello Sportello/);
  await page.getByRole('button', { name: 'Salta' }).click();
  await expectPage(page, '/dashboard', /^Ciao, /);
});

test('a customer already registered is told at the identifiers step, with the ways on', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await chooseBrand(page, 'sga');
  await page.goto('/registrazione/cliente-sgr/private/dati');
  await page.getByLabel('Codice cliente').fill(ELENA.code);
  await page.getByLabel('Codice fiscale').fill(ELENA.fiscalCode);
  await next(page);
  await expect(page.getByText("Attenzione! L'utente è già registrato.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Password dimenticata?' }).last()).toBeVisible();
  await screenshotBothSizes(page, 'registration-already-registered');
  await page.getByRole('link', { name: 'Accedi', exact: true }).last().click();
  await expectPage(page, '/login', 'Accedi alla tua area clienti');
});

test('a forgotten password is set again from the mailed link, once', async ({ page, browser, baseURL }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await chooseBrand(page, 'sga');
  await page.getByRole('link', { name: 'Password dimenticata?' }).click();
  await expectPage(page, '/password-dimenticata', 'Password dimenticata');
  await page.getByRole('link', { name: 'Ricordo il nome utente' }).click();
  await expectPage(page, '/password-dimenticata/username', /nome utente/);
  await page.getByLabel('Nome utente').fill('elenamarchi');
  await next(page, 'Invia il link');
  await expect(page.getByRole('heading', { name: 'Controlla la tua e-mail' })).toBeVisible();
  await screenshotBothSizes(page, 'registration-forgot-sent');
  await page.setViewportSize(VIEWPORTS.desktop);

  const resetMail = await mailText(page, ELENA.email, 'Recupero password');
  const token = linkToken(resetMail);
  expect(token).not.toBe('');
  // Opened on a phone that never opened the portal: the brand comes with the link, the token stays.
  const phone = await freshPage(browser, baseURL);
  await phone.goto(mailedPath(resetMail, '/link/'));
  await answerConsent(phone);
  await expect(phone.getByRole('heading', { level: 1, name: 'Imposta una nuova password' })).toBeVisible();
  await expectAccessible(phone);
  await password(phone).fill(RESET_PASSWORD);
  await phone.getByLabel('Conferma password').fill('Altra2026!');
  await next(phone, 'Salva la password');
  await expect(phone.getByText('Le password non corrispondono')).toBeVisible();
  await password(phone).fill(NEW_PASSWORD);
  await phone.getByLabel('Conferma password').fill(NEW_PASSWORD);
  await next(phone, 'Salva la password');
  await expect(
    phone.getByText('La nuova password deve essere diversa da quella attuale.').first(),
  ).toBeVisible();
  await phone.getByRole('button', { name: 'Chiudi' }).click();
  await password(phone).fill(RESET_PASSWORD);
  await phone.getByLabel('Conferma password').fill(RESET_PASSWORD);
  await next(phone, 'Salva la password');
  await expect(phone.getByRole('heading', { name: 'Password aggiornata' })).toBeVisible();
  await screenshotBothSizes(phone, 'registration-password-reset');
  await phone.context().close();

  // The link works once.
  await page.goto(`/recupero-psw?token=${token}`);
  await password(page).fill(RESET_PASSWORD);
  await page.getByLabel('Conferma password').fill(RESET_PASSWORD);
  await next(page, 'Salva la password');
  await expect(page.getByText('Ops! ci dispiace, qualcosa non ha funzionato')).toBeVisible();
  await page.getByRole('button', { name: 'Chiudi' }).click();
  await expect(password(page)).toHaveValue('');

  await page.goto('/login');
  await submitLogin(page, 'elenamarchi', RESET_PASSWORD);
  await expectPage(page, '/dashboard', /^Ciao, /);
});

test('a delegate registers, waits, and reaches the customer once the delegator confirms', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await chooseBrand(page, 'ast');
  await page.getByRole('link', { name: 'Registrati' }).click();
  await page.getByRole('link', { name: 'Gestisco le forniture di un altro cliente' }).click();
  await expectPage(page, '/registrazione/delegate', 'Registrazione come delegato');
  await page.getByLabel('Codice cliente').fill(ELENA_AST.code);
  await page.getByLabel('Codice fiscale o partita IVA').fill(ELENA_AST.fiscalCode);
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Carla');
  await page.getByLabel('Cognome').fill('Neri');
  await screenshotBothSizes(page, 'registration-delegate');
  await page.setViewportSize(VIEWPORTS.desktop);
  await next(page);

  await expectPage(page, '/registrazione/delegate/contacts', 'I tuoi recapiti');
  await page.getByLabel('E-mail').fill('carla.neri@');
  await page.getByLabel('Cellulare').fill('12');
  await next(page);
  await expect(page.getByText('Inserire email valida')).toBeVisible();
  await expect(page.getByText('Telefono non valido')).toBeVisible();
  await page.getByLabel('E-mail').fill(' carla.neri@example.it ');
  await page.getByLabel('Cellulare').fill('3331234567');
  await next(page);

  // Town and street from the address service's suggestions, as on the supply page.
  await expectPage(page, '/registrazione/delegate/address', 'Il tuo indirizzo');
  await page.getByRole('combobox', { name: 'Comune' }).fill('Rom');
  await page.getByRole('option', { name: 'Roma RM', exact: true }).click();
  await expect(page.getByLabel('Provincia')).toHaveValue('RM');
  await page.getByRole('combobox', { name: 'Indirizzo' }).fill('Gari');
  await page.getByRole('option', { name: 'Via Giuseppe Garibaldi 00153', exact: true }).click();
  await expect(page.getByLabel('CAP')).toHaveValue('00153');
  await page.getByLabel('Numero civico').fill('10');
  await screenshotBothSizes(page, 'registration-delegate-address');
  await page.setViewportSize(VIEWPORTS.desktop);
  await next(page);

  await expectPage(page, '/registrazione/delegate/username', 'Nome utente e password');
  await page.getByLabel('Nome utente').fill('carlaneri');
  await password(page).fill(NEW_PASSWORD);
  await page.getByLabel('Conferma password').fill(NEW_PASSWORD);
  await next(page);
  await expectPage(page, '/registrazione/delegate/privacy', 'Privacy');
  await page.getByLabel(/Acconsento al trattamento dei dati personali/).check();
  await next(page, 'Completa la registrazione');
  await expect(page.getByRole('heading', { name: 'Registrazione completata' })).toBeVisible();
  await expect(page.getByText(/La delega sarà attiva quando l'intestatario la conferma/)).toBeVisible();
  await page.getByRole('button', { name: 'Vai al login' }).click();
  await submitLogin(page, 'carlaneri', NEW_PASSWORD);
  await expectPage(page, '/onboarding', /^Benvenuto nello Sportello/);
  await page.getByRole('button', { name: 'Salta' }).click();
  await expectPage(page, '/errore/in-attesa-di-conferma');

  // The delegator opens the mailed module 6 link as a guest and confirms (the link entry page comes
  // with its own feature: here the link and the reply go through the API the page uses).
  const token = linkToken(await mailText(page, ELENA.email, 'Richiesta di delega'));
  const session = await page.request.post(`${API}/Core/v1/sessions`, {
    data: { request: { company: 'ast', locale: 'it' } },
  });
  const guest = { sessionId: (await session.json()).data.id as string };
  const link = await (await page.request.get(`${API}/Core/v1/links/${token}`, { headers: guest })).json();
  expect(link.data.target).toMatchObject({ page: 'workflow', taskName: 'ConfermaDelega' });
  const reply = await page.request.post(`${API}/Wfm/v1/workflow/task-execute`, {
    headers: guest,
    data: {
      request: { workflowId: link.data.target.workflowId, reply: 'confirm', taskName: 'ConfermaDelega' },
    },
  });
  expect(reply.ok()).toBe(true);

  await page.goto('/');
  await expectPage(page, '/dashboard', /^Ciao, /);

  // A further delegation is asked from the logged-in page; the same one again is already granted.
  await page.goto('/profile/request-delegation');
  await expectPage(page, '/profile/request-delegation', 'Richiedi una delega');
  await page.getByLabel('Codice cliente').fill(ELENA_AST.code);
  await page.getByLabel('Codice fiscale o partita IVA').fill(ELENA_AST.fiscalCode);
  await next(page, 'Invia la richiesta');
  await passStepUpWithCode(page);
  await expect(page.getByRole('heading', { name: 'Delega già attiva' })).toBeVisible();
  await screenshotBothSizes(page, 'registration-request-delegation');
});

test('the pre-filled route fills the tax code of the type chosen', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await chooseBrand(page, 'sga');
  await page.goto(`/registrazione/cliente-sgr/private/tax-code/${CLOSED.fiscalCode}`);
  await expectPage(page, `/registrazione/cliente-sgr/private/tax-code/${CLOSED.fiscalCode}`, 'I tuoi dati');
  await expect(page.getByLabel('Codice fiscale')).toHaveValue(CLOSED.fiscalCode);
  await expect(page.getByLabel('Codice cliente')).toHaveValue('');
  await page.goto('/registrazione/cliente-sgr/private');
  await expectPage(page, '/registrazione/cliente-sgr/private', 'I tuoi dati');
  await page.goto('/registrazione/cliente-sgr/nessuno/tax-code/X');
  await expectPage(page, '/registrazione/cliente-sgr', 'Che tipo di cliente sei?');
});
