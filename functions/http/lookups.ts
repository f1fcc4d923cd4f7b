import * as z from 'zod/mini';
import { isValidRoutingNumber } from '../../machines/domain/routing-number.ts';
import { isBrandKey } from '../../machines/domain/brands.ts';
import { AppError, notFound, unprocessable } from '../platform/errors.ts';
import { ok } from '../platform/response.ts';
import { parseBody, parsePath, parseQuery } from '../platform/validate.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import { addressesProvider } from '../providers/address/provider.ts';
import { routingProvider } from '../providers/routing/provider.ts';
import type { HandlerMap } from './route.ts';

const suggestionsQuery = z.object({
  searchText: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, 'Type 3 or more characters.'),
      z.maxLength(200, 'The address is too long (200 characters at most).'),
    ),
});
const placePath = z.object({ placeId: z.string().check(z.maxLength(600)) });
const zipBody = z.object({
  zip: z
    .string('Zip code is required!')
    .check(z.trim(), z.minLength(1, 'Zip code is required!'), z.regex(/^\d{5}$/, 'Invalid zip code entered!')),
});
const routingQuery = z.object({
  routing_number: z.string('Routing number is required').check(z.trim(), z.minLength(1, 'Routing number is required')),
  store_id: z.optional(z.string().check(z.maxLength(64))),
});

export const handlers: HandlerMap = {
  async addressSuggestions(ctx, deps) {
    const { searchText } = parseQuery(suggestionsQuery, ctx.event);
    return ok(await deps.providers.addresses.suggestions(searchText));
  },

  async addressPlace(ctx, deps) {
    const { placeId } = parsePath(placePath, ctx.event);
    const result = await deps.providers.addresses.place(placeId);
    if (!result) throw notFound('We could not find that address. Please try again or enter it manually.');
    // The shape of a places API's details answer (seed 000: result.address_components, result.formatted_address).
    return { ...ok(null), body: JSON.stringify({ status: true, code: 200, data: result, result }) };
  },

  async zipLookup(ctx, deps) {
    const { zip } = parseBody(zipBody, ctx.event);
    const place = await deps.providers.addresses.zip(zip);
    if (!place) throw unprocessable({ zip: ['Invalid zip code entered!'] });
    return ok(place);
  },

  async routingLookup(ctx, deps) {
    if (!isBrandKey(ctx.event.pathParameters?.brand)) throw new AppError(404, 'Requested resource was not found');
    const { routing_number, store_id } = parseQuery(routingQuery, ctx.event);
    if (store_id && store_id !== ctx.apply!.storeId) throw new AppError(403, 'Permission Denied');
    if (!isValidRoutingNumber(routing_number))
      throw unprocessable({ routing_number: ['Invalid routing number'] }, 'Invalid routing number');
    const bank = await deps.providers.routing.lookup(routing_number);
    if (!bank)
      throw unprocessable(
        { routing_number: ['Routing number could not be validated'] },
        'Routing number could not be validated',
      );
    return ok(bank);
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps({ addresses: addressesProvider, routing: routingProvider }));
