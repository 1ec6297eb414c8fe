// Capacitor 7 around the same Vite build (web/dist). It sits in web/, beside the Vite project it
// wraps, so `npx cap sync` runs in web/ and finds the plugins this workspace depends on; the native
// projects are web/android and web/ios. The brand the binaries are built for is `current` in
// app-brands.json, switched with `npm run app:brand -- <code>` (which also rewrites the native
// projects and regenerates icons and splash); the default build is sga (SPEC §1).
import type { CapacitorConfig } from '@capacitor/cli';
import appBrands from './app-brands.json';

type BrandCode = keyof typeof appBrands.brands;
const brand = appBrands.brands[appBrands.current as BrandCode];

const config: CapacitorConfig = {
  appId: brand.appId,
  appName: brand.appName,
  webDir: 'dist',
  android: { path: 'android' },
  ios: { path: 'ios' },
  plugins: {
    // The web hides the splash once the brand loader is painted (web/src/native/splash-screen.ts).
    SplashScreen: { launchAutoHide: false, showSpinner: false },
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
  },
};

export default config;
