// Passkeys and the account's security events (ADR 038).
import { passkeys } from '@sportello/contract';
import { callMutation, callQueryOptions } from '../../../shared/api/call-query';

export const passkeysQuery = () => callQueryOptions(passkeys.listPasskeys);
export const securityEventsQuery = () => callQueryOptions(passkeys.listSecurityEvents);

/** The last step of adding one; its refusal is shown on the page, in the server's words. */
export const registerPasskey = callMutation(passkeys.registerPasskey, {
  invalidates: () => [passkeys.listPasskeys, passkeys.listSecurityEvents],
  quiet: true,
});

export const removePasskey = callMutation(passkeys.deletePasskey, {
  invalidates: () => [passkeys.listPasskeys, passkeys.listSecurityEvents],
});
