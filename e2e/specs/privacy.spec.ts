// Privacy in the product (ADR 069), at 375 and 1280 px with axe: each brand's footer leads to its own
// privacy notice (the legal entity as controller, the pixel's provider, the Garante); the banner leads
// to the cookie policy; withdrawing marketing consent deletes the pixel's cookie and storage keys; the
// accessibility feedback asks no consent tick and links the notice, and its AgID link is the procedura
// di attuazione; condominioaurora (a customer no other spec files requests for) asks for erasure from
// the profile, sees its state and answer day, and a second one is refused in Italian.
import { expect, test, type Page } from '@playwright/test';
import { BRAND_NAMES, type Brand } from '../support/accounts';
import { answerConsent, expectPage, logInToDashboard, screenshotBothSizes } from '../support/app';

const LEGAL_ENTITIES: Record<Brand, string> = {
  sgr: 'Serena Gas & Luce S.p.A.',
  ast: 'Astra Energia S.r.l.',
  sga: 'Sole Gas Acqua S.p.A.',
  mes: 'Mesa Servizi Energia S.p.A.',
  msu: 'Musa Energia S.r.l.',
};

for (const brand of Object.keys(BRAND_NAMES) as Brand[]) {
  test(`the footer of ${brand} leads to its own privacy notice`, async ({ page }) => {
    await page.goto(`/?company=${brand}`);
    await expectPage(page, '/login', 'Accedi alla tua area clienti');
    await answerConsent(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Informativa privacy' }).click();
    await expectPage(page, '/privacy', 'Informativa privacy');
    await expect(
      page.getByText(`Il titolare del trattamento è ${LEGAL_ENTITIES[brand]}`, { exact: false }),
    ).toBeVisible();
  });
}

test('the notice at 375 and 1280 px: purposes, the pixel’s provider, rights, the Garante', async ({
  page,
}) => {
  await page.goto('/privacy?company=sga');
  await answerConsent(page);
  await expectPage(page, '/privacy', 'Informativa privacy');
  for (const heading of [
    'Perché li trattiamo, su quale base e per quanto tempo',
    'A chi li comunichiamo',
    'Da dove arrivano i dati',
    'I tuoi diritti e come usarli qui',
    'Reclamo al Garante',
  ])
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  await expect(page.getByText(/Meta Platforms Ireland Limited/).first()).toBeVisible();
  await expect(page.getByText('Cancellazione (art. 17)')).toBeVisible();
  await expect(page.getByRole('link', { name: /Il sito del Garante privacy/ })).toHaveAttribute(
    'href',
    'https://www.garanteprivacy.it',
  );
  await screenshotBothSizes(page, 'privacy-notice');
});

const cookieNames = (page: Page) =>
  page
    .context()
    .cookies()
    .then((cookies) => cookies.map((c) => c.name));

test('the banner links the cookie policy; withdrawing marketing consent clears the pixel’s cookies and keys', async ({
  page,
}) => {
  await page.goto('/?company=sga');
  await expectPage(page, '/login', 'Accedi alla tua area clienti');
  await page.locator('#cc-main').getByRole('link', { name: 'Informativa sui cookie' }).click();
  await expectPage(page, '/cookie', 'Informativa sui cookie');
  await expect(page.getByText(/^_fbp \(fino a 90 giorni\): identifica il browser/)).toBeVisible();
  await expect(page.getByText(/Lo fornisce Meta Platforms Ireland Limited/)).toBeVisible();
  await answerConsent(page, 'Accetta tutti');
  await screenshotBothSizes(page, 'cookie-policy');

  // The pixel saw the page and set its browser identifier, as Meta's script does; a key like the ones
  // its script keeps in the browser's storage is put beside it.
  await expect.poll(() => cookieNames(page)).toContain('_fbp');
  await page.evaluate(() => window.localStorage.setItem('_fbq_state', 'x'));

  await page.getByRole('button', { name: 'Modifica le preferenze sui cookie' }).click();
  const preferences = page.getByRole('dialog', { name: 'Preferenze cookie' });
  await expect(preferences).toBeVisible();
  await preferences.getByRole('button', { name: 'Solo necessari' }).click();
  await expect(preferences).toBeHidden();

  await expect.poll(() => cookieNames(page)).not.toContain('_fbp');
  expect(await cookieNames(page)).toContain('cc_cookie');
  expect(await page.evaluate(() => window.localStorage.getItem('_fbq_state'))).toBeNull();
  // The session and the chosen brand stay: only the pixel's things go.
  expect(await page.evaluate(() => window.localStorage.getItem('sportello.company'))).toBe('sga');
});

test('the accessibility feedback asks no consent, links the notice; AgID’s link is the procedura di attuazione', async ({
  page,
}) => {
  await page.goto('/accessibilita?company=sga');
  await answerConsent(page);
  await expectPage(page, '/accessibilita', 'Dichiarazione di accessibilità');
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByText(/non serve il tuo consenso/)).toBeVisible();
  await expect(page.getByRole('link', { name: /Leggi l’informativa privacy/ })).toHaveAttribute(
    'href',
    '/privacy',
  );
  await expect(page.getByRole('link', { name: /procedura di reclamo sul sito di AgID/ })).toHaveAttribute(
    'href',
    'https://www.agid.gov.it/it/design-servizi/accessibilita/procedura-attuazione',
  );
});

test('condominioaurora asks for erasure, sees its state and answer day; a second one is refused', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logInToDashboard(page, 'sga', 'condominioaurora');
  await page.goto('/profile/manage-privacy');
  await expectPage(page, '/profile/manage-privacy', 'Consensi privacy');
  await expect(
    page.getByText('Non hai ancora inviato richieste di cancellazione o di opposizione.'),
  ).toBeVisible();

  // Sent without a choice: the Italian message under the field.
  await page.getByRole('button', { name: 'Invia la richiesta' }).click();
  await expect(
    page.getByText('Scegli se chiedi la cancellazione dei dati o ti opponi al trattamento.'),
  ).toBeVisible();

  await page.getByLabel('Cosa chiedi').selectOption({ label: 'Cancellazione dei dati (art. 17 GDPR)' });
  await page.getByLabel('Motivo').fill('Il condominio cambia amministratore.');
  await page.getByRole('button', { name: 'Invia la richiesta' }).click();
  await expect(page.getByRole('heading', { name: 'Richiesta inviata' })).toBeVisible();
  await expect(page.getByText(/^Ti risponderemo entro il \d{2}\/\d{2}\/\d{4}\./)).toBeVisible();
  await page.getByRole('button', { name: 'Chiudi' }).click();
  await expect(page.getByText(/^Aperta · inviata il \d{2}\/\d{2}\/\d{4} · risposta entro il/)).toBeVisible();
  await screenshotBothSizes(page, 'privacy-requests');

  await page.getByLabel('Cosa chiedi').selectOption({ label: 'Cancellazione dei dati (art. 17 GDPR)' });
  await page.getByRole('button', { name: 'Invia la richiesta' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Hai già una richiesta dello stesso tipo in corso' }),
  ).toBeVisible();

  // Logged in, the notice leads to where each right is used.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Informativa privacy' }).click();
  await expectPage(page, '/privacy', 'Informativa privacy');
  await expect(page.getByRole('link', { name: 'Consensi privacy e richieste' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Scarica i tuoi dati' })).toBeVisible();
});
