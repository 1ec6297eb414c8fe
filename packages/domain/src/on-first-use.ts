// A value built when first asked for, then kept. Intl formatters are stateless but costly to
// construct (tens of milliseconds each on a throttled phone, issue 29): built at module load, every
// page that imports one pays for all of them in one blocking task; built on first use, a page pays
// only for those it formats with, inside the render that needs them.
export function onFirstUse<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}
