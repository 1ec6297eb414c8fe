// npm run app:check (part of npm test): what CI can verify of the app without the Android SDK and
// Xcode. `npx cap sync` must succeed on the built web app, and afterwards the committed native
// projects must still agree with capacitor.config.ts — app id, name, version, plugins — and with
// themselves (git shows no file the sync changed).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import config from '../../capacitor.config';
import { at, FILES, readBrands, readNativeFacts, readText, versionCode, webVersion } from './native-projects';

const failures: string[] = [];
const expectEqual = (what: string, actual: unknown, expected: unknown) => {
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    failures.push(`${what}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
};

if (!existsSync(at('dist/index.html'))) {
  console.error('web/dist is missing: build the web app first (npm run build -w web).');
  process.exit(1);
}
const sync = spawnSync('npx', ['cap', 'sync'], { cwd: at('.'), encoding: 'utf8' });
if (sync.status !== 0) failures.push(`npx cap sync failed:\n${sync.stdout}${sync.stderr}`);

const brand = readBrands().brands[readBrands().current];
const facts = readNativeFacts();
const version = webVersion();
expectEqual('app id of the config and the brand', config.appId, brand?.appId);
expectEqual('android applicationId', facts.android.appId, config.appId);
expectEqual('android app_name', facts.android.appName, config.appName);
expectEqual('android URL scheme', facts.android.scheme, config.appId);
expectEqual('android App Links host', facts.android.linkHost, brand?.linkHost);
expectEqual('android versionName', facts.android.version, version);
expectEqual('android versionCode', facts.android.versionCode, versionCode(version));
expectEqual('ios bundle ids', facts.ios.appIds, [config.appId, config.appId]);
expectEqual('ios display name', facts.ios.appName, config.appName);
expectEqual('ios URL scheme', facts.ios.scheme, config.appId);
expectEqual('ios marketing versions', facts.ios.versions, [version, version]);

// Plugins: every Capacitor plugin the web depends on, and nothing else, in both projects.
const dependencies = Object.keys(
  (JSON.parse(readText(FILES.webPackage)) as { dependencies: Record<string, string> }).dependencies,
);
const plugins = dependencies
  .filter((name) => existsSync(at('../node_modules', name, 'android')) && name !== '@capacitor/android')
  .sort();
const androidPlugins = (JSON.parse(readFileSync(FILES.androidPlugins, 'utf8')) as { pkg: string }[])
  .map((plugin) => plugin.pkg)
  .sort();
expectEqual('android plugins', androidPlugins, plugins);
const iosPlugins = [...readText(FILES.spmPackage).matchAll(/path: "[./]*node_modules\/([^"]+)"/g)]
  .map((m) => m[1])
  .sort();
expectEqual('ios plugins (Package.swift)', iosPlugins, plugins);

// The sync must not have changed anything committed: the projects in git are the synced ones.
const drift = spawnSync('git', ['status', '--porcelain', '--', 'android', 'ios'], {
  cwd: at('.'),
  encoding: 'utf8',
});
if (drift.stdout.trim() !== '') failures.push(`native projects differ from git after sync:\n${drift.stdout}`);

if (failures.length > 0) {
  console.error(`App check failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log(
  `App check passed: ${config.appName} (${config.appId}) ${version}, ${plugins.length} plugins, sync clean.`,
);
