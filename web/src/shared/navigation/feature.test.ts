import { describe, expect, it } from 'vitest';
import { buildPath, defineFeature } from './feature';

const feature = defineFeature({
  name: 'things',
  purpose: 'things to test the definition with',
  texts: () => Promise.resolve({ t: (key: 'titles.list' | 'titles.detail') => `«${key}»` }),
  routes: {
    list: {
      name: 'things',
      path: '/things',
      login: true,
      title: 'titles.list',
      page: () => Promise.reject(),
    },
    detail: {
      name: 'thing',
      path: '/things/:id/parts/:part',
      login: true,
      title: 'titles.detail',
      page: () => Promise.reject(),
    },
  },
});

describe('feature routes', () => {
  it('builds paths from route objects, encoding parameters', () => {
    expect(feature.routes.list.to()).toBe('/things');
    expect(feature.routes.detail.to({ id: 'a/b', part: '2' })).toBe('/things/a%2Fb/parts/2');
    expect(buildPath('/x/:id', {})).toBe('/x/');
  });

  it("loads each title from the feature's texts", async () => {
    await expect(feature.routes.detail.loadTitle()).resolves.toBe('«titles.detail»');
  });

  it('keeps the route data as written', () => {
    expect(feature.routes.detail).toMatchObject({
      name: 'thing',
      login: true,
      path: '/things/:id/parts/:part',
    });
    expect(feature.headerItem).toBeUndefined();
  });
});
