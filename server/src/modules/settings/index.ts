// The settings module: the brands and what each enables (SPEC §9).
import { defineModule } from '../module.js';
import { createSettingsRepository } from './repository.js';
import settingsRoutes from './routes.js';
import { createSettingsService } from './service.js';

export const settingsModule = defineModule({
  name: 'settings',
  purpose: 'the brands and the module keys each enables, configuration properties',
  needs: {},
  createService: ({ db }) => createSettingsService(createSettingsRepository(db)),
  routes: settingsRoutes,
});
