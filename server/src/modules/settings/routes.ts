// Per-brand settings routes: enabled module keys and configuration properties of the session's brand.
import type { FastifyInstance } from 'fastify';
import { core } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { SettingsService } from './service.js';

export default function settingsRoutes(app: FastifyInstance, settings: SettingsService) {
  route(app, core.listModules, ({ session }) => settings.listModules(session.company));

  route(app, core.listConfProperties, ({ session, query }) =>
    settings.listProperties(session.company, query.propertyName),
  );
}
