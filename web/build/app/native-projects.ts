// What the committed native projects (web/android, web/ios) say about the app — id, name, version,
// plugins — and how the brand switch rewrites them. Used by `npm run app:brand` and `npm run app:check`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const at = (...parts: string[]) => path.join(WEB, ...parts);

export const FILES = {
  gradle: at('android/app/build.gradle'),
  strings: at('android/app/src/main/res/values/strings.xml'),
  launcherBackground: at('android/app/src/main/res/values/ic_launcher_background.xml'),
  manifest: at('android/app/src/main/AndroidManifest.xml'),
  androidPlugins: at('android/app/src/main/assets/capacitor.plugins.json'),
  pbxproj: at('ios/App/App.xcodeproj/project.pbxproj'),
  infoPlist: at('ios/App/App/Info.plist'),
  spmPackage: at('ios/App/CapApp-SPM/Package.swift'),
  brands: at('app-brands.json'),
  webPackage: at('package.json'),
} as const;

export interface AppBrand {
  appId: string;
  appName: string;
  appStoreId: string;
  linkHost: string;
}

export interface AppBrands {
  current: string;
  brands: Record<string, AppBrand>;
}

export const readText = (file: string) => readFileSync(file, 'utf8');
export const readBrands = (): AppBrands => JSON.parse(readText(FILES.brands)) as AppBrands;
export const webVersion = (): string =>
  (JSON.parse(readText(FILES.webPackage)) as { version: string }).version;

/** Android's versionCode from the dotted version: 0.6.3 → 603, 1.10.0 → 11000. */
export function versionCode(version: string): number {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  return major * 10_000 + minor * 100 + patch;
}

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const xmlUnescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function one(text: string, pattern: RegExp, what: string): string {
  const found = pattern.exec(text);
  if (!found?.[1]) throw new Error(`${what} not found`);
  return found[1];
}

/** The facts each native project states, as read from its files. */
export function readNativeFacts() {
  const gradle = readText(FILES.gradle);
  const strings = readText(FILES.strings);
  const pbxproj = readText(FILES.pbxproj);
  const plist = readText(FILES.infoPlist);
  return {
    android: {
      appId: one(gradle, /applicationId "([^"]+)"/, 'applicationId'),
      appName: xmlUnescape(one(strings, /<string name="app_name">([^<]*)</, 'app_name')),
      scheme: one(strings, /<string name="custom_url_scheme">([^<]*)</, 'custom_url_scheme'),
      version: one(gradle, /versionName "([^"]+)"/, 'versionName'),
      versionCode: Number(one(gradle, /versionCode (\d+)/, 'versionCode')),
      linkHost: one(readText(FILES.manifest), /android:host="([^"]+)"/, 'App Links host'),
    },
    ios: {
      appIds: [...pbxproj.matchAll(/PRODUCT_BUNDLE_IDENTIFIER = ([^;]+);/g)].map((m) => m[1]),
      versions: [...pbxproj.matchAll(/MARKETING_VERSION = ([^;]+);/g)].map((m) => m[1]),
      appName: xmlUnescape(
        one(plist, /<key>CFBundleDisplayName<\/key>\s*<string>([^<]*)</, 'CFBundleDisplayName'),
      ),
      scheme: one(plist, /<key>CFBundleURLSchemes<\/key>\s*<array>\s*<string>([^<]*)</, 'CFBundleURLSchemes'),
    },
  };
}

function rewrite(file: string, edits: readonly [RegExp, string][]): void {
  let text = readText(file);
  for (const [pattern, replacement] of edits) {
    if (!pattern.test(text)) throw new Error(`${path.relative(WEB, file)}: ${pattern} not found`);
    text = text.replace(pattern, replacement);
  }
  writeFileSync(file, text);
}

/** Writes the brand's id, name, link host and the web's version into both native projects. */
export function writeNativeFacts(brand: AppBrand, version: string, primaryColor: string): void {
  const name = xmlEscape(brand.appName);
  rewrite(FILES.gradle, [
    [/applicationId "[^"]+"/, `applicationId "${brand.appId}"`],
    [/versionName "[^"]+"/, `versionName "${version}"`],
    [/versionCode \d+/, `versionCode ${versionCode(version)}`],
  ]);
  rewrite(FILES.strings, [
    [/(<string name="app_name">)[^<]*</, `$1${name}<`],
    [/(<string name="title_activity_main">)[^<]*</, `$1${name}<`],
    [/(<string name="package_name">)[^<]*</, `$1${brand.appId}<`],
    [/(<string name="custom_url_scheme">)[^<]*</, `$1${brand.appId}<`],
  ]);
  rewrite(FILES.launcherBackground, [[/(name="ic_launcher_background">)[^<]*</, `$1${primaryColor}<`]]);
  rewrite(FILES.manifest, [[/android:host="[^"]+"/, `android:host="${brand.linkHost}"`]]);
  rewrite(FILES.pbxproj, [
    [/PRODUCT_BUNDLE_IDENTIFIER = [^;]+;/g, `PRODUCT_BUNDLE_IDENTIFIER = ${brand.appId};`],
    [/MARKETING_VERSION = [^;]+;/g, `MARKETING_VERSION = ${version};`],
  ]);
  rewrite(FILES.infoPlist, [
    [/(<key>CFBundleDisplayName<\/key>\s*<string>)[^<]*</, `$1${name}<`],
    [/(<key>CFBundleURLSchemes<\/key>\s*<array>\s*<string>)[^<]*</, `$1${brand.appId}<`],
  ]);
}
