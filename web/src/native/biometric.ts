// Biometric bridge (@capgo/capacitor-native-biometric, ADR 018): the login secret lives in the
// iOS Keychain / Android Keystore-encrypted storage of this device, read only after the user passes
// Face ID / fingerprint. It is never written to web storage or Preferences. Web fallback: biometrics
// are unavailable, so the app-login page offers the password only.
import { Capacitor } from '@capacitor/core';
import { NativeBiometric } from '@capgo/capacitor-native-biometric';

export interface DeviceSecret {
  username: string;
  password: string;
}

const native = () => Capacitor.isPluginAvailable('NativeBiometric');

export async function biometricsAvailable(): Promise<boolean> {
  if (!native()) return false;
  return (await NativeBiometric.isAvailable().catch(() => ({ isAvailable: false }))).isAvailable;
}

/** The secret for one brand's server, if one is saved on this device. */
export async function hasDeviceSecret(server: string): Promise<boolean> {
  if (!native()) return false;
  return (await NativeBiometric.isCredentialsSaved({ server }).catch(() => ({ isSaved: false }))).isSaved;
}

/** Face ID / fingerprint first, then the secret; null when the user cancels or fails. */
export async function readDeviceSecret(server: string, reason: string): Promise<DeviceSecret | null> {
  if (!native()) return null;
  try {
    await NativeBiometric.verifyIdentity({ reason, title: reason });
    return await NativeBiometric.getCredentials({ server });
  } catch {
    return null;
  }
}

/** Saves the secret after the user proves presence; false if they cancel. */
export async function saveDeviceSecret(
  server: string,
  secret: DeviceSecret,
  reason: string,
): Promise<boolean> {
  if (!native()) return false;
  try {
    await NativeBiometric.verifyIdentity({ reason, title: reason });
    await NativeBiometric.setCredentials({ server, ...secret });
    return true;
  } catch {
    return false;
  }
}

export async function deleteDeviceSecret(server: string): Promise<void> {
  if (native()) await NativeBiometric.deleteCredentials({ server }).catch(() => undefined);
}
