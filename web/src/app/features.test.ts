// The composed route list must stay one unambiguous table, whoever adds to it.
import { describe, expect, it } from 'vitest';
import { ROUTES } from './features';

const repeated = (values: readonly string[]) =>
  values.filter((value, index) => values.indexOf(value) !== index);

describe('the features route list', () => {
  it('names each route once', () => expect(repeated(ROUTES.map((route) => route.name))).toEqual([]));

  it('gives each path to one route', () => expect(repeated(ROUTES.map((route) => route.path))).toEqual([]));

  it('finds every route title in its feature texts', async () => {
    for (const route of ROUTES) {
      const title = await route.loadTitle();
      expect(title, route.name).not.toBe(route.title);
    }
  });
});
