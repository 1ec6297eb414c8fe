// Biometric login for the auth pages: the native bridge loads only inside the app (on the website
// these pages offer the password only). Credentials typed at app login wait here, in memory and
// only until the user answers the offer on /active-biometric, so enabling needs no second typing.
import { isNativeApp } from '../../native/platform';
import type * as BiometricModule from '../../native/biometric';
import type { DeviceSecret } from '../../native/biometric';

export type BiometricBridge = typeof BiometricModule;

export const loadBiometrics = (): Promise<BiometricBridge | null> =>
  isNativeApp() ? import('../../native/biometric') : Promise.resolve(null);

let held: DeviceSecret | null = null;

export const holdForEnrolment = (secret: DeviceSecret | null) => {
  held = secret;
};

export function takeHeldSecret(): DeviceSecret | null {
  const secret = held;
  held = null;
  return secret;
}
