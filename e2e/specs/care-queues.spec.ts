// The care console's work queues (ADR 042): the demo operator opens the queue at
// 1280 px, answers mariorossi's (brand sga) readings complaint RCL-SGA-0003 — an empty answer first,
// refused in Italian — and his write-us message "Bolletta in due rate"; takes agenziaenergia's pending
// delegation request to Trattoria Il Girasole (whose confirmation by phone is a supervisor's) and
// answers Anna Verdi's refused self-reading; then Mario sees both answers in Messaggi and the
// complaint's on its page (375 and 1280 px). The items answered are the demo's for this journey alone:
// the bill complaint RCL-SGA-0002 the complaints spec reads stays open, no spec counts sga's messages,
// and no other spec logs in as Trattoria's or Anna's users. Then a supervisor (the one e2e/run.mjs
// creates: the demo has none) confirms that delegation request from the queue — first without a
// reason, refused in Italian —, Trattoria is told by e-mail, and agenziaenergia reaches Trattoria (no
// other spec logs in as agenziaenergia). Axe on every page.
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts';
import { operatorLogin, supervisor } from '../support/care';
import {
  chooseBrand,
  expectAccessible,
  expectPage,
  logInToDashboard,
  screenshotBothSizes,
  SCREENSHOT_DIR,
  submitLogin,
  VIEWPORTS,
} from '../support/app';

const COMPLAINT = 'RCL-SGA-0003';
const WRITE_US = 'Bolletta in due rate';
const COMPLAINT_ANSWER =
  'Gentile cliente, abbiamo verificato la foto: la lettura di marzo è corretta e la bolletta sarà ricalcolata.';
const WRITE_US_ANSWER = 'Gentile cliente, sì: può chiedere la rateizzazione dalla pagina della bolletta.';
const DELEGATION_REASON = 'Il titolare ha confermato al telefono la delega ad agenziaenergia.';
const TRATTORIA_EMAIL = 'trattoria.girasole@example.it';
const READING_ANSWER =
  'Gentile cliente, la lettura è più bassa di quella del distributore: la preghiamo di inviarne una nuova.';

/** The sga queue filtered to one queue; the row of `name` opened. */
async function openFromQueue(page: Page, queue: string, name: RegExp) {
  await page.getByRole('navigation').getByRole('link', { name: 'Code di lavoro' }).click();
  await expectPage(page, '/operatore/code', 'Code di lavoro');
  await page.getByLabel('Coda').selectOption({ label: queue });
  await page.getByLabel('Marchio').selectOption('sga');
  await page.getByRole('button', { name: 'Mostra', exact: true }).click();
  const link = page.getByRole('link', { name });
  await expect(link).toHaveCount(1);
  return link;
}

test('an operator answers mariorossi’s complaint and write-us message; Mario reads both answers', async ({
  page,
}) => {
  // Two logins, three answers and seven pages with axe: longer than the default minute on a busy machine.
  test.setTimeout(300_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  await operatorLogin(page);

  // The complaint: its clock in the queue, taken, an empty answer refused, then answered.
  const complaint = await openFromQueue(page, 'Reclami', new RegExp(COMPLAINT));
  const row = page.getByRole('row').filter({ has: complaint });
  await expect(row).toContainText('Mario Rossi · SGA');
  await expect(row).toContainText(/\d+ giorni/);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/care-queues-list-desktop.png`, fullPage: true });
  await complaint.click();
  await expectPage(page, /\/operatore\/code\/\d+\/complaint\/\d+$/, 'Letture e misura');
  await expect(page.getByText('La lettura del gas di marzo in bolletta')).toBeVisible();
  await page.getByRole('button', { name: 'Prendi in carico' }).click();
  await expect(page.getByRole('status')).toHaveText('Pratica assegnata a Operatore demo.');
  await page.getByRole('button', { name: 'Invia risposta' }).click();
  await expect(page.getByRole('alert')).toHaveText('Scrivi la risposta per il cliente.');
  await expect(page.getByLabel(/^Risposta/)).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/care-queues-item-error-desktop.png`, fullPage: true });
  await page.getByLabel(/^Risposta/).fill(COMPLAINT_ANSWER);
  await page.getByRole('button', { name: 'Invia risposta' }).click();
  await expect(page.getByRole('status')).toHaveText('Risposta inviata al cliente.');
  await expect(page.getByText(COMPLAINT_ANSWER)).toBeVisible();
  await expect(page.getByText('La pratica è chiusa: non servono altre azioni.')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/care-queues-item-answered-desktop.png`, fullPage: true });

  // The write-us message, answered straight away: the request closes.
  const writeUs = await openFromQueue(page, 'Messaggi «Scrivici»', new RegExp(WRITE_US));
  await writeUs.click();
  await expectPage(page, /\/operatore\/code\/\d+\/request\/\d+$/, new RegExp(WRITE_US));
  await expect(page.getByText('posso pagare l’ultima bolletta della luce in due rate')).toBeVisible();
  await page.getByLabel(/^Risposta/).fill(WRITE_US_ANSWER);
  await page.getByRole('button', { name: 'Invia risposta' }).click();
  await expect(page.getByRole('status')).toHaveText('Risposta inviata al cliente.');
  await expect(page.getByText('Chiusa', { exact: true })).toBeVisible();

  // A delegation request: its clock, what the delegator was asked, taken; the confirmation by phone
  // is a supervisor's, so the operator is told so and has no answer to write.
  const delegation = await openFromQueue(
    page,
    'Richieste di delega',
    /Richiesta di delega di agenziaenergia/,
  );
  await expect(page.getByRole('row').filter({ has: delegation })).toContainText('5 giorni');
  await delegation.click();
  await expectPage(page, /\/operatore\/code\/\d+\/delegation\/\d+$/, /Richiesta di delega di agenziaenergia/);
  await expect(page.getByText('Francesca Moretti chiede di poter gestire le tue forniture')).toBeVisible();
  await expect(page.getByText(/La conferma telefonica spetta a un supervisore/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invia risposta' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Prendi in carico' }).click();
  await expect(page.getByRole('status')).toHaveText('Pratica assegnata a Operatore demo.');
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/care-queues-delegation-desktop.png`, fullPage: true });

  // A refused self-reading: why the supplier refused it, answered; the anomaly closes.
  const reading = await openFromQueue(page, 'Autoletture anomale', /Autolettura rifiutata/);
  await expect(page.getByRole('row').filter({ has: reading })).toContainText('Anna Verdi · SGA');
  await reading.click();
  await expectPage(page, /\/operatore\/code\/\d+\/reading\/\d+$/, /Autolettura rifiutata/);
  await expect(page.getByText(/più bassa dell’ultima rilevata dal distributore/)).toBeVisible();
  await page.getByLabel(/^Risposta/).fill(READING_ANSWER);
  await page.getByRole('button', { name: 'Invia risposta' }).click();
  await expect(page.getByRole('status')).toHaveText('Risposta inviata al cliente.');
  await expect(page.getByText(READING_ANSWER)).toBeVisible();
  await expect(page.getByText('La pratica è chiusa: non servono altre azioni.')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/care-queues-reading-desktop.png`, fullPage: true });
  await page.getByRole('button', { name: 'Esci' }).click();
  await expectPage(page, '/operatore', 'Accesso operatori');

  // Mario: both answers in Messaggi, the complaint's on its page, the write-us one in Pratiche.
  await logInToDashboard(page, 'sga', ACCOUNTS.privateCustomer);
  await page.goto('/messages');
  await expectPage(page, '/messages', 'Messaggi');
  await expect(page.getByText('Risposta al tuo reclamo').first()).toBeVisible();
  await expect(page.getByText('Aggiornamento della tua pratica').first()).toBeVisible();
  await screenshotBothSizes(page, 'care-queues-messages');
  await page.goto(`/reclami/${COMPLAINT}`);
  await expect(page.getByText(COMPLAINT_ANSWER)).toBeVisible();
  await screenshotBothSizes(page, 'care-queues-complaint');
  await page.goto('/practices');
  await expectPage(page, '/practices', 'Le tue pratiche');
  await page.getByRole('tab', { name: /Concluse/ }).click();
  await page
    .getByRole('link', { name: /Richiesta di informazioni/ })
    .first()
    .click();
  await expect(page.getByText(WRITE_US_ANSWER)).toBeVisible();
  await screenshotBothSizes(page, 'care-queues-practice');
});

test('a supervisor confirms agenziaenergia’s delegation request from the queue; Trattoria is told and the agency reaches it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  await operatorLogin(page, supervisor());

  const delegation = await openFromQueue(
    page,
    'Richieste di delega',
    /Richiesta di delega di agenziaenergia/,
  );
  await delegation.click();
  await expectPage(page, /\/operatore\/code\/\d+\/delegation\/\d+$/, /Richiesta di delega di agenziaenergia/);
  await expect(
    page.getByText(/Conferma solo se il cliente ha confermato al telefono la delega a agenziaenergia/),
  ).toBeVisible();
  const confirm = page.getByRole('button', { name: 'Conferma la delega' });
  await confirm.click();
  await expect(page.getByRole('alert')).toHaveText('Scrivi il motivo (almeno 10 caratteri).');
  await expect(page.getByLabel(/^Motivo \(per esempio/)).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(/^Motivo \(per esempio/).fill(DELEGATION_REASON);
  await confirm.click();
  await expect(page.getByRole('status')).toHaveText('Delega confermata. Il cliente ha ricevuto un avviso.');
  await expect(page.getByText('Delega confermata', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/care-queues-delegation-confirmed-desktop.png`,
    fullPage: true,
  });
  await page.getByRole('button', { name: 'Esci' }).click();
  await expectPage(page, '/operatore', 'Accesso operatori');

  // Trattoria (the delegator) is told at its e-mail on file: the delegation granted, and by whom.
  await expect
    .poll(async () => {
      const html = await (await page.request.get('/dev/outbox')).text();
      return html
        .split('<tr>')
        .some((row) => row.includes(TRATTORIA_EMAIL) && row.includes('Delega confermata'));
    })
    .toBe(true);

  // The agency now reaches Trattoria among its customers.
  await chooseBrand(page, 'sga');
  await submitLogin(page, 'agenziaenergia');
  await expectPage(page, '/customers', 'Per quale cliente vuoi operare?');
  await expect(page.getByRole('list').getByRole('button', { name: /Trattoria Il Girasole/ })).toBeVisible();
  await expectAccessible(page);
});
