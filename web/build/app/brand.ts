// npm run app:brand -- <code>: builds the app for another brand (SPEC §1; the default is sga).
// Sets `current` in app-brands.json (capacitor.config.ts reads it), writes the brand's app id, name,
// link host and the web's version into web/android and web/ios, and draws the brand's launcher
// icons and splash screens from its colours (the same tokens the web uses, shared/brands/brands.ts).
// Then run `npx cap sync` in web/ (README "The app").
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BRANDS } from '../../src/shared/brands/brands';
import { COMPANY_CODES, type CompanyCode } from '@sportello/contract';
import { emblem, hexColor, pngSize, type Rgba } from './png';
import { at, FILES, readBrands, webVersion, writeNativeFacts } from './native-projects';

const code = (process.argv[2] ?? readBrands().current) as CompanyCode;
if (!COMPANY_CODES.includes(code)) {
  console.error(`Unknown brand "${code}": one of ${COMPANY_CODES.join(', ')}.`);
  process.exit(1);
}

const brands = readBrands();
const appBrand = brands.brands[code];
if (!appBrand) throw new Error(`app-brands.json has no entry for ${code}`);
const { primary, accent } = BRANDS[code].colors;
const WHITE: Rgba = [255, 255, 255, 255];
const CLEAR: Rgba = [0, 0, 0, 0];

/** Each existing image is redrawn at its own size, so the templates' sizes stay as Capacitor made them. */
function redraw(file: string, draw: (width: number, height: number) => Buffer): void {
  const { width, height } = pngSize(readFileSync(file));
  writeFileSync(file, draw(width, height));
}

const rings = (size: number) => ({
  outer: { color: hexColor(accent), radius: size * 0.3 },
  inner: { color: hexColor(primary), radius: size * 0.17 },
});

// Launcher icons: the emblem on the brand colour (iOS forbids transparency in the App Store icon).
const onBrand = (width: number, height: number, clip?: number) =>
  emblem({ width, height, background: hexColor(primary), ...rings(Math.min(width, height)), clip });
// Android adaptive foreground: the emblem inside the 66% safe zone, the background colour set apart.
const foreground = (width: number, height: number) =>
  emblem({ width, height, background: CLEAR, ...rings(Math.min(width, height) * 0.66) });
// Splash: the emblem small on white, where the web's brand loader takes over without a flash.
const splash = (width: number, height: number) =>
  emblem({ width, height, background: WHITE, ...rings(Math.min(width, height) * 0.4) });

const res = at('android/app/src/main/res');
for (const dir of readdirSync(res)) {
  const folder = path.join(res, dir);
  if (dir.startsWith('mipmap-') && !dir.includes('anydpi')) {
    redraw(path.join(folder, 'ic_launcher.png'), (w, h) => onBrand(w, h));
    redraw(path.join(folder, 'ic_launcher_round.png'), (w, h) => onBrand(w, h, Math.min(w, h) / 2));
    redraw(path.join(folder, 'ic_launcher_foreground.png'), foreground);
  }
  if (dir.startsWith('drawable') && readdirSync(folder).includes('splash.png')) {
    redraw(path.join(folder, 'splash.png'), splash);
  }
}
const assets = at('ios/App/App/Assets.xcassets');
redraw(path.join(assets, 'AppIcon.appiconset/AppIcon-512@2x.png'), (w, h) => onBrand(w, h));
for (const file of readdirSync(path.join(assets, 'Splash.imageset')).filter((f) => f.endsWith('.png'))) {
  redraw(path.join(assets, 'Splash.imageset', file), splash);
}

writeNativeFacts(appBrand, webVersion(), primary);
writeFileSync(FILES.brands, `${JSON.stringify({ ...brands, current: code }, null, 2)}\n`);
console.log(`App set to ${appBrand.appName} (${appBrand.appId}). Now: cd web && npx cap sync`);
