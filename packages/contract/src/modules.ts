// Module keys returned by the server (SPEC §2): each enables a group of routes and menu entries.
export const MODULE_KEYS = [
  'fatt',
  'panoram',
  'dettFatt',
  'pay',
  'grafConsumi',
  'prat',
  'ser',
  'letture',
  'AutoLettura',
] as const;
export type ModuleKey = (typeof MODULE_KEYS)[number];

/** Link module ids (SPEC §4 "Link entry"). */
export const LINK_MODULES = {
  invoice: 1,
  message: 4,
  password: 5,
  workflowReply: 6,
  selfReading: 7,
  proposal: 8,
  pun: 9,
} as const;

/**
 * The brand module a link module's page needs (the web's routes declare the same `moduleKeys`): a
 * brand without it has no such page, so nothing may send a link there.
 */
export const LINK_MODULE_NEEDS: Readonly<Partial<Record<number, ModuleKey>>> = {
  [LINK_MODULES.invoice]: 'fatt',
  [LINK_MODULES.selfReading]: 'AutoLettura',
};

/** Guests (sessions opened from a link) may use only link modules 4 to 9 (SPEC §6). */
export const GUEST_LINK_MODULES: readonly number[] = [4, 5, 6, 7, 8, 9];

/** The web path an entry link opens (mail, SMS, push); the app's deep links carry the same path. */
export const LINK_ENTRY_PATH = '/link/:hashCode';
export const linkEntryPath = (hashCode: string) => `/link/${encodeURIComponent(hashCode)}`;
