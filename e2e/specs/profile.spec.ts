// Profile: change the e-mail and the mobile number with the code read from the
// outbox (and a wrong code's message), change the password and log in with the new one, consents
// and alert preferences saved and reloaded, the registry change in progress, the shipping address of
// a chosen contract from the address suggestions, the onboarding tour skipped; axe on every page, screenshots at 375 and 1280 px. Each test uses its own brand (each
// brand has its own copy of the demo customer), so codes never cross; the password change uses a customer
// no other spec logs in as, since it leaves a new password behind.
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD, type Brand } from '../support/accounts';
import {
  chooseBrand,
  expectAccessible,
  expectPage,
  logInToDashboard,
  passStepUpWithCode,
  screenshotBothSizes,
  submitLogin,
  VIEWPORTS,
} from '../support/app';

async function openProfile(page: Page, brand: Brand, username: string = ACCOUNTS.privateCustomer) {
  await page.setViewportSize(VIEWPORTS.desktop);
  await logInToDashboard(page, brand, username);
  await page.goto('/profile');
  await expectPage(page, '/profile', 'Il tuo profilo');
}

/** The code the outbox holds for a recipient (the jobs worker delivers within a few seconds). */
async function codeSentTo(page: Page, recipient: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const html = await (await page.request.get('/dev/outbox')).text();
        const row = html.split('<tr>').find((r) => r.includes(`<td>${recipient}</td>`));
        code = row ? /codice di verifica è (\d{4})/.exec(row)?.[1] : undefined;
        return code;
      },
      { timeout: 20_000 },
    )
    .toBeDefined();
  return code!;
}

const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

test('changes the e-mail with the code sent to it; a wrong code says so', async ({ page }) => {
  await openProfile(page, 'sgr');
  await screenshotBothSizes(page, 'profile');
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.getByRole('link', { name: 'Modifica: E-mail' }).click();
  await expectPage(page, '/profile/edit-email', 'Modifica e-mail');
  await page.getByRole('button', { name: 'Invia il codice' }).click();
  await expect(page.getByText('Inserire email valida')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Nuova e-mail').fill('  mario.nuovo@example.it ');
  await page.getByRole('button', { name: 'Invia il codice' }).click();
  // A contact change asks who is there first (ADR 038); the typed address is kept and sent after.
  await passStepUpWithCode(page);

  await expectPage(page, '/check-email', 'Inserisci il codice');
  await expect(page.getByText(/Potrai chiedere un nuovo codice tra \d+ secondi/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invia un nuovo codice' })).toBeDisabled();
  const code = await codeSentTo(page, 'mario.nuovo@example.it');
  await page.getByLabel('Codice di verifica').fill(wrong(code));
  await page.getByRole('button', { name: 'Verifica' }).click();
  await expect(page.getByText('Il codice non è corretto. Tentativi rimasti: 4.')).toBeVisible();
  await screenshotBothSizes(page, 'profile-check-email');
  await page.getByLabel('Codice di verifica').fill(code);
  await page.getByRole('button', { name: 'Verifica' }).click();
  await expect(page.getByText('Il tuo indirizzo e-mail è stato aggiornato.')).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Fatto!' })
    .getByRole('button', { name: 'Torna al profilo' })
    .click();
  await expectPage(page, '/profile', 'Il tuo profilo');
  await expect(page.getByText('mario.nuovo@example.it')).toBeVisible();
});

test('changes the mobile number with the code sent by SMS', async ({ page }) => {
  await openProfile(page, 'ast');
  await page.getByRole('link', { name: 'Modifica: Cellulare' }).click();
  await expectPage(page, '/profile/edit-phone', 'Modifica cellulare');
  await page.getByLabel('Nuovo numero di cellulare').fill('12345');
  await page.getByRole('button', { name: 'Invia il codice' }).click();
  await expect(page.getByText('Telefono non valido')).toBeVisible();
  await page.getByLabel('Nuovo numero di cellulare').fill(' 333 765 4321 ');
  await page.getByRole('button', { name: 'Invia il codice' }).click();
  await passStepUpWithCode(page);
  await expectPage(page, '/check-phone', 'Inserisci il codice');
  await page.getByLabel('Codice di verifica').fill(await codeSentTo(page, '3337654321'));
  await page.getByRole('button', { name: 'Verifica' }).click();
  await expect(page.getByText('Il tuo numero di cellulare è stato aggiornato.')).toBeVisible();
  await page.goto('/profile');
  // Written as Italians write it, whatever form it was typed in.
  await expect(page.getByText(/333 765 4321/)).toBeVisible();
});

test('changes the password, each rule shown, and logs in with the new one', async ({ page }) => {
  // Another customer than the other specs' one: later specs still log in with the demo password.
  await openProfile(page, 'sga', ACCOUNTS.passwordChanger);
  await page.getByRole('link', { name: 'Password' }).click();
  await expectPage(page, '/profile/edit-password', 'Modifica password');
  await page.getByLabel('Password attuale').fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Nuova password', exact: true }).fill('abc');
  await page.getByLabel('Conferma la nuova password').fill('abd');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText(/La password deve contenere almeno 8 caratteri/)).toBeVisible();
  await expect(page.getByText(/almeno una lettera maiuscola/)).toBeVisible();
  await expect(page.getByText('Le password non corrispondono')).toBeVisible();
  await screenshotBothSizes(page, 'profile-password');
  await page.setViewportSize(VIEWPORTS.desktop);

  const next = 'NuovaPass2026!';
  await page.getByRole('textbox', { name: 'Nuova password', exact: true }).fill(next);
  await page.getByLabel('Conferma la nuova password').fill(next);
  await page.getByRole('button', { name: 'Salva' }).click();
  await passStepUpWithCode(page);
  await expect(
    page.getByText('La password è stata modificata. Gli altri accessi sono stati chiusi.'),
  ).toBeVisible();

  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await chooseBrand(page, 'sga');
  await submitLogin(page, ACCOUNTS.passwordChanger, PASSWORD);
  const refused = page.getByRole('dialog', { name: 'Attenzione!' });
  await expect(refused).toContainText('Nome utente o password non corretti');
  await refused.getByRole('button', { name: 'Chiudi' }).click();
  await submitLogin(page, ACCOUNTS.passwordChanger, next);
  await expectPage(page, '/dashboard', /^Ciao, /);
});

test('saves consents and alert preferences, which a reload shows again', async ({ page }) => {
  await openProfile(page, 'mes');
  await page.getByRole('link', { name: 'Consensi privacy' }).click();
  await expectPage(page, '/profile/manage-privacy', 'Consensi privacy');
  const others = page.getByLabel(/società partner/);
  const wasChecked = await others.isChecked();
  await others.setChecked(!wasChecked);
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('I tuoi consensi sono stati salvati.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/società partner/)).toBeChecked({ checked: !wasChecked });
  await screenshotBothSizes(page, 'profile-privacy');

  await page.goto('/profile/manage-push');
  await expectPage(page, '/profile/manage-push', 'Preferenze di notifica');
  const proposals = page.getByRole('group', { name: 'Proposte' });
  await proposals.getByLabel('E-mail').uncheck();
  await page.getByLabel('Proposte e offerte commerciali').check();
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Le tue preferenze sono state salvate.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('group', { name: 'Proposte' }).getByLabel('E-mail')).not.toBeChecked();
  await expect(page.getByRole('group', { name: 'Proposte' }).getByLabel('Notifica push')).toBeChecked();
  await expect(page.getByLabel('Proposte e offerte commerciali')).toBeChecked();
  await screenshotBothSizes(page, 'profile-push');
});

test('the registry change in progress offers no new one', async ({ page }) => {
  await openProfile(page, 'msu');
  await page.getByRole('link', { name: 'Dati anagrafici' }).click();
  await expectPage(page, '/profile/registry-change', 'Variazione dati anagrafici');
  await expect(page.getByText(/È già in corso una variazione dei tuoi dati anagrafici/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salva' })).toHaveCount(0);
  await screenshotBothSizes(page, 'profile-registry');
});

test('the onboarding tour shows the brand’s modules and can be skipped', async ({ page }) => {
  await openProfile(page, 'msu');
  await page.getByRole('link', { name: 'Rivedi la presentazione del portale' }).click();
  await expectPage(page, '/onboarding', /^Benvenuto nello Sportello/);
  await screenshotBothSizes(page, 'onboarding');
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.getByRole('button', { name: 'Avanti' }).click();
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(page.getByRole('heading', { name: 'Cosa trovi nel portale' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Bollette' }).first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Salta' }).click();
  await expectPage(page, '/dashboard', /^Ciao, /);
});

// The company customer on sgr: only the password-change test logs in as it, on sga; no other spec
// changes its contracts' shipping addresses.
test('the profile’s shipping address: a contract chosen, town and street from the suggestions', async ({
  page,
}) => {
  await openProfile(page, 'sgr', ACCOUNTS.passwordChanger);
  await page.getByRole('link', { name: 'Indirizzo di spedizione delle bollette' }).click();
  await expectPage(page, '/profile/edit-shipping-address', 'Indirizzo di spedizione');
  const contract = page.getByRole('combobox', { name: 'Contratto' });
  await expect(contract.getByRole('option')).toHaveCount(3);
  await contract.selectOption({ index: 2 });
  const town = page.getByRole('combobox', { name: 'Comune' });
  await town.fill('Rom');
  await page.getByRole('option', { name: 'Roma RM', exact: true }).click();
  await expect(page.getByLabel('Provincia')).toHaveValue('RM');
  await page.getByRole('combobox', { name: 'Indirizzo' }).fill('Gari');
  await page.getByRole('option', { name: 'Via Giuseppe Garibaldi 00153', exact: true }).click();
  await expect(page.getByLabel('CAP')).toHaveValue('00153');
  await page.getByLabel('Numero civico').fill('12');
  await screenshotBothSizes(page, 'profile-shipping-address');
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.getByRole('button', { name: 'Conferma' }).click();
  // Where the bills go asks who is there first (a step-up); the request is sent again once passed.
  await passStepUpWithCode(page);
  const feedback = page.getByRole('dialog', { name: 'Richiesta inviata' });
  await expect(feedback).toBeVisible();
  await expectAccessible(page);
  await feedback.getByRole('button', { name: 'Torna al profilo' }).click();
  await expectPage(page, '/profile', 'Il tuo profilo');

  // The contract now shows its change in progress instead of the form.
  await page.getByRole('link', { name: 'Indirizzo di spedizione delle bollette' }).click();
  await page.getByRole('combobox', { name: 'Contratto' }).selectOption({ index: 2 });
  await expect(page.getByText(/hai chiesto di inviare le bollette di questo contratto/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Conferma' })).toHaveCount(0);
});
