// Per-brand settings: whether a brand exists, its enabled module keys and its configuration
// properties (App_min_version…). Read as stored; the back office changes them.
import type { SettingsRepository } from './repository.js';

export function createSettingsService(repository: SettingsRepository) {
  return {
    isKnownCompany: (code: string) => repository.companyExists(code),
    /** A new brand (ADR 057): false when the code is taken. Its modules are enabled by the back office. */
    createCompany: (company: { code: string; name: string; legalName: string; vatNumber: string }) =>
      repository.insertCompany(company),
    listCompanies: () => repository.companies(),
    legalEntity: (company: string) => repository.legalEntity(company),
    listModules: (company: string) => repository.enabledModules(company),
    isModuleEnabled: async (company: string, moduleKey: string) =>
      (await repository.enabledModules(company)).some((m) => m.key === moduleKey),
    listProperties: (company: string, name?: string) => repository.properties(company, name),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
