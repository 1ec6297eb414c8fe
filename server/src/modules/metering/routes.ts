// ERP metering routes (SPEC §7): readings, consumptions, reading window, self-reading, quotations.
import type { FastifyInstance } from 'fastify';
import { erpMetering } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { MeteringService } from './service.js';

export default function meteringRoutes(app: FastifyInstance, metering: MeteringService) {
  route(app, erpMetering.listReadings, ({ query }) => metering.readings(query, new Date()));
  // Up to hundreds of points built as JSON by the database (repository.ts): written without a schema pass.
  route(app, erpMetering.getConsumptions, ({ query }) => metering.consumptions(query, new Date()), {
    serializer: 'stringify',
  });
  route(app, erpMetering.getReadingWindow, ({ query }) =>
    metering.readingWindow(query.supplyKey, new Date()),
  );
  route(app, erpMetering.insertReadings, ({ session, body }) =>
    metering.insert(
      { userId: session.user?.id ?? null, viaLinkId: session.user ? null : session.linkId },
      body,
      new Date(),
    ),
  );
  route(app, erpMetering.listQuotations, ({ query }) => metering.quotations(query));
}
