import { describe, expect, it } from 'vitest';
import { invoiceLinkPage, isGuestLinkModule } from './links';

describe('invoiceLinkPage', () => {
  it.each<[number[], string]>([
    [[], 'invoices'],
    [[1, 4], 'invoices'],
    [[1], 'invoice'],
    [[2], 'invoice'],
    [[4], 'invoice'],
    [[5], 'invoice'],
    [[31], 'invoice'],
    [[9], 'invoice'],
    [[8], 'document'],
    [[3], 'document'],
    [[30], 'document'],
  ])('%o → %s', (codes, page) => {
    expect(invoiceLinkPage(codes)).toBe(page);
  });
});

describe('isGuestLinkModule', () => {
  it.each<[number, boolean]>([
    [1, false],
    [3, false],
    [4, true],
    [5, true],
    [9, true],
    [10, false],
    [4.5, false],
  ])('%d → %s', (moduleId, allowed) => {
    expect(isGuestLinkModule(moduleId)).toBe(allowed);
  });
});
