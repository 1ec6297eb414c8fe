// Loaded with `node --import` after tsx, it makes `@sportello/demo` and its subpaths unresolvable, as
// on an install without the optional demo package: whatever imports it fails as it would there.
import { register } from 'node:module';

const hooks = `
export async function resolve(specifier, context, nextResolve) {
  if (/^@sportello\\/demo(\\/|$)/.test(specifier)) {
    const error = new Error("Cannot find package '" + specifier + "': the demo package is not installed");
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return nextResolve(specifier, context);
}`;

register(`data:text/javascript,${encodeURIComponent(hooks)}`);
