// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FEATURES } from './features';
import { featuresTable } from './features-table';

describe("docs/architecture.md's web features", () => {
  it('lists the features as they are now (npm run docs:architecture rewrites it)', () => {
    const written = readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8');
    expect(written).toContain(featuresTable());
  });

  it('names each feature by its folder, every folder a listed feature', () => {
    const folders = readdirSync(new URL('../features', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(FEATURES.map((feature) => feature.name).sort()).toEqual(folders.sort());
  });
});
