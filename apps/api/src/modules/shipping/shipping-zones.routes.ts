import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  apiPaths,
  ShippingZoneCreateSchema,
  ShippingZoneLocationSchema,
  ShippingZoneLocationsUpdateSchema,
  ShippingZoneMethodCreateSchema,
  ShippingZoneMethodSchema,
  ShippingZoneMethodUpdateSchema,
  ShippingZoneSchema,
  ShippingZoneUpdateSchema,
  ZoneIdParamsSchema,
  ZoneMethodParamsSchema,
} from '@larder/contract';
import { ownerErrorResponses, ownerOf, requireOwner } from '../../http/owner-guard.ts';
import { viewerFromRequest } from '../../http/viewer.ts';
import { FORM_BODY_LIMIT, requireJson } from '../../http/write-guards.ts';
import type { ShippingZonesService } from './shipping-zones.service.ts';

export interface ShippingZonesRoutesOptions {
  shippingZones: ShippingZonesService;
}

const tags = ['shipping'];
const ownerOnly =
  'Owners only: 401 `woocommerce_rest_cannot_<verb>` for a guest and 403 for any other account, ' +
  'before the body is read; 404 `woocommerce_rest_shipping_zone_invalid` for an unknown zone.';
const readErrors = { 400: ApiErrorSchema, ...ownerErrorResponses, 404: ApiErrorSchema };
const writeErrors = {
  ...readErrors,
  409: ApiErrorSchema,
  413: ApiErrorSchema,
  415: ApiErrorSchema,
};
const settingsRules =
  'Settings are flat strings as WooCommerce takes them: flat_rate `cost`, `per_item_cost`; ' +
  'local_pickup `cost`; free_shipping `requires` ("" or "min_amount") and `min_amount`. Amounts ' +
  'are dollars with up to two decimals ("6.95"); anything else, or a setting the method does not ' +
  'have, is 400 `rest_invalid_param` naming it in `data.params`. The title is `settings.title` ' +
  '(or `title`). Quotes use the change from the next request.';

/** The owner's shipping routes (WooCommerce's); the public reads stay in shipping.routes.ts. */
export const shippingZonesRoutes: FastifyPluginAsyncZod<ShippingZonesRoutesOptions> = async (
  app,
  { shippingZones },
) => {
  const zones = apiPaths.shippingZones;
  const zone = `${zones}/:id`;
  const methods = `${zone}/methods`;
  const method = `${methods}/:instance_id`;

  app.post(
    zones,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [requireOwner('create'), requireJson],
      schema: {
        tags,
        summary: 'Create a shipping zone (owner)',
        description:
          `${ownerOnly} {name, order}: zones are matched by order, lowest first. 409 ` +
          '`larder_shipping_zone_exists` when another zone has the name (whatever its case). A new ' +
          'zone has no locations (it matches every address) until they are set.',
        body: ShippingZoneCreateSchema,
        response: { 201: ShippingZoneSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const created = await shippingZones.createZone(request.body, ownerOf(request, 'create'));
      return reply.code(201).header('location', `${zones}/${created.id}`).send(created);
    },
  );

  app.put(
    zone,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [requireOwner('edit'), requireJson],
      schema: {
        tags,
        summary: 'Rename or reorder a shipping zone (owner)',
        description:
          `${ownerOnly} 403 \`woocommerce_rest_shipping_zone_invalid_zone\` for zone 0, which ` +
          'cannot be changed; 409 `larder_shipping_zone_exists` for a name another zone has.',
        params: ZoneIdParamsSchema,
        body: ShippingZoneUpdateSchema,
        response: { 200: ShippingZoneSchema, ...writeErrors },
      },
    },
    async (request) =>
      shippingZones.updateZone(request.params.id, request.body, ownerOf(request, 'edit')),
  );

  app.delete(
    zone,
    {
      onRequest: requireOwner('delete'),
      schema: {
        tags,
        summary: 'Delete a shipping zone (owner)',
        description:
          `${ownerOnly} Deletes the zone with its locations and methods and answers with the zone ` +
          'as it was. WooCommerce’s `force` is accepted and not needed: zones are never trashed. ' +
          '403 `woocommerce_rest_shipping_zone_invalid_zone` for zone 0.',
        params: ZoneIdParamsSchema,
        response: { 200: ShippingZoneSchema, ...readErrors },
      },
    },
    async (request) => shippingZones.deleteZone(request.params.id, ownerOf(request, 'delete')),
  );

  app.get(
    `${zone}/locations`,
    {
      onRequest: requireOwner('view'),
      schema: {
        tags,
        summary: "List a shipping zone's locations (owner)",
        description:
          `${ownerOnly} [{code, type}]: country \`US\`, state \`US:OR\`, continent \`NA\`, postcode ` +
          '`277*` or `90000...96199`. Zone 0 has none.',
        params: ZoneIdParamsSchema,
        response: { 200: z.array(ShippingZoneLocationSchema), ...readErrors },
      },
    },
    async (request) => shippingZones.locations(request.params.id),
  );

  app.put(
    `${zone}/locations`,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [requireOwner('edit'), requireJson],
      schema: {
        tags,
        summary: "Replace a shipping zone's locations (owner)",
        description:
          `${ownerOnly} The list sent becomes the zone's whole list (\`[]\` clears it). Codes are ` +
          "checked against the shop's countries, states (`US:OR`) and continents: an unknown one " +
          'is 400 `rest_invalid_param` naming `locations[i]`. 403 ' +
          '`woocommerce_rest_shipping_zone_locations_invalid_zone` for zone 0.',
        params: ZoneIdParamsSchema,
        body: ShippingZoneLocationsUpdateSchema,
        response: { 200: z.array(ShippingZoneLocationSchema), ...writeErrors },
      },
    },
    async (request) =>
      shippingZones.replaceLocations(request.params.id, request.body, ownerOf(request, 'edit')),
  );

  app.get(
    methods,
    {
      schema: {
        tags,
        summary: "List a shipping zone's methods",
        description:
          'Enabled methods only, with WooCommerce-style settings (the cost is `settings.cost.value`); ' +
          'an owner sees the disabled ones too. 404 `woocommerce_rest_shipping_zone_invalid` for an ' +
          'unknown zone.',
        params: ZoneIdParamsSchema,
        response: {
          200: z.array(ShippingZoneMethodSchema),
          400: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => shippingZones.methods(request.params.id, viewerFromRequest(request)),
  );

  app.post(
    methods,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [requireOwner('create'), requireJson],
      schema: {
        tags,
        summary: 'Add a method to a shipping zone (owner)',
        description:
          `${ownerOnly} \`method_id\` flat_rate, free_shipping or local_pickup; \`enabled\` ` +
          `(default true), \`order\` (default: after the zone's last method). ${settingsRules}`,
        params: ZoneIdParamsSchema,
        body: ShippingZoneMethodCreateSchema,
        response: { 201: ShippingZoneMethodSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await shippingZones.addMethod(
            request.params.id,
            request.body,
            ownerOf(request, 'create'),
          ),
        ),
  );

  app.get(
    method,
    {
      onRequest: requireOwner('view'),
      schema: {
        tags,
        summary: "Get a shipping zone's method (owner)",
        description: `${ownerOnly} 404 \`woocommerce_rest_shipping_zone_method_invalid\` for a method not in the zone.`,
        params: ZoneMethodParamsSchema,
        response: { 200: ShippingZoneMethodSchema, ...readErrors },
      },
    },
    async (request) => shippingZones.method(request.params.id, request.params.instance_id),
  );

  app.put(
    method,
    {
      bodyLimit: FORM_BODY_LIMIT,
      onRequest: [requireOwner('edit'), requireJson],
      schema: {
        tags,
        summary: "Edit a shipping zone's method (owner)",
        description:
          `${ownerOnly} \`enabled\`, \`order\`, \`title\` and \`settings\`; settings not sent are ` +
          `kept. A disabled method is offered to no one. ${settingsRules}`,
        params: ZoneMethodParamsSchema,
        body: ShippingZoneMethodUpdateSchema,
        response: { 200: ShippingZoneMethodSchema, ...writeErrors },
      },
    },
    async (request) =>
      shippingZones.updateMethod(
        request.params.id,
        request.params.instance_id,
        request.body,
        ownerOf(request, 'edit'),
      ),
  );

  app.delete(
    method,
    {
      onRequest: requireOwner('delete'),
      schema: {
        tags,
        summary: "Remove a shipping zone's method (owner)",
        description:
          `${ownerOnly} Answers with the method as it was; \`force\` is accepted and not needed. ` +
          'Orders already placed keep the rate they were charged.',
        params: ZoneMethodParamsSchema,
        response: { 200: ShippingZoneMethodSchema, ...readErrors },
      },
    },
    async (request) =>
      shippingZones.deleteMethod(
        request.params.id,
        request.params.instance_id,
        ownerOf(request, 'delete'),
      ),
  );
};
