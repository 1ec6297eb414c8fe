// The logged-in side menu's entries in SPEC §2's order; a route places itself by its label
// (`menu: { label }` in its feature's routes.ts), so the order does not depend on feature order.
export const MENU_LABELS = [
  'home',
  'supplies',
  'messages',
  'profile',
  'services',
  'requests',
  'invoices',
  'support',
] as const;

export type MenuLabel = (typeof MENU_LABELS)[number];
