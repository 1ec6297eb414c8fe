// Where the passkeys module reaches the user (ADR 022): their own contacts, else their own customer's
// (a customer's user may keep none of its own). Step-up codes and the "Nuova passkey aggiunta"
// notice go there, never to an address typed in the request.
import type { ContactsOnFile } from '../../platform/notices/security-notice.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { PasskeysContext } from './context.js';

export async function contactsOfUser(
  customers: PasskeysContext['customers'],
  user: SessionUser,
): Promise<ContactsOnFile> {
  const own = user.customerId !== null ? await customers.find(user, String(user.customerId)) : null;
  return {
    email: user.email ?? own?.account.email ?? null,
    phoneMobile: user.phoneMobile ?? own?.account.phoneMobile ?? null,
  };
}
