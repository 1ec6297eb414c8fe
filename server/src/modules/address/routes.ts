// Address service routes (stradario, SPEC §7): any session, guests included, since registration
// and address forms use them before login.
import type { FastifyInstance } from 'fastify';
import { addressService } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { AddressService } from './service.js';

export default function addressRoutes(app: FastifyInstance, address: AddressService) {
  route(app, addressService.getTown, ({ query }) => address.searchTowns(query.stxt, query.cnt));

  route(app, addressService.getStreet, ({ query }) =>
    address.searchStreets(query.tKey, query.stxt, query.cnt),
  );

  route(app, addressService.checkAddress, ({ body }) => address.check(body));
}
