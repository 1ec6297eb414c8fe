// A page's chunk that no longer exists: a tab opened before a deploy asks for the last build's file
// names, which the server now answers with 404 (server/src/plugins/errors.ts). Only a reload gets the
// new build; going back and trying again would fail the same way.

/** The browsers' words for a dynamic import or its CSS that could not load (Chromium, Firefox, Safari, Vite). */
const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadFailure(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}
