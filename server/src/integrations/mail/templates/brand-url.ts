/** A path of the portal in the brand's colours: `?company=` goes with it. */
export function brandUrl(publicBaseUrl: string, company: string, path: string): string {
  const url = new URL(path, publicBaseUrl);
  url.searchParams.set('company', company);
  return url.toString();
}
