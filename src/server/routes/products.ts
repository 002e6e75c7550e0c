import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '../../shared/constants';
import { dayOfField, isDayCount } from '../../shared/product';
import { productListResponse, productResponse } from '../../shared/responses/products';
import type { ValidationDetail } from '../../shared/responses/common';
import { productListQuerySchema, productSchemas } from '../../shared/validation/product';
import { serverTexts } from '../texts';
import { notFound } from '../http/errors';
import { idParams } from '../http/path-ids';
import { withDetails } from '../http/validate';
import { answerList } from '../http/list-answer';
import { createProduct, getProduct, productList, updateProduct } from '../services/products';

/**
 * Validation details name the day each failing field belongs to. The conclusion's day follows
 * the days asked for when that is a valid count, else the day messages sent.
 */
function withDay(body: unknown) {
  const raw = (body ?? {}) as { days?: unknown; messages?: unknown };
  const asked = Number(raw.days);
  const days = isDayCount(asked)
    ? asked
    : Array.isArray(raw.messages)
      ? Math.min(raw.messages.length, LIMITS.daysMax)
      : 0;
  return (detail: ValidationDetail): ValidationDetail => {
    const day = dayOfField(detail.field, days);
    return day === undefined ? detail : { ...detail, day };
  };
}

/** A malformed id names no product: 404, as an unknown one. */
const params = idParams(serverTexts.products.notFound);
const tags = ['Products'];

/** Products and their day messages (spec section 7): `{data}` in every answer. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  // Messages are measured as sent, with this server's short links and personal field length.
  const schemas = productSchemas(app.config.messageSettings);

  app.get(
    '/products',
    {
      schema: {
        summary: 'List products',
        tags,
        querystring: productListQuerySchema,
        response: { 200: productListResponse },
      },
    },
    async (request, reply) =>
      answerList(
        request,
        reply,
        'data',
        productListResponse.shape.data.element,
        productList(app.db, request.query),
        request.query,
      ),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        summary: 'A product with its messages',
        tags,
        params,
        response: { 200: productResponse },
      },
    },
    async (request) => {
      const product = await getProduct(app.db, request.params.id);
      if (!product) throw notFound(serverTexts.products.notFound);
      return { data: product };
    },
  );

  app.post(
    '/products',
    {
      schema: {
        summary: 'Create a product',
        tags,
        body: withDetails(schemas.create, withDay),
        response: { 201: productResponse },
      },
    },
    async (request, reply) => {
      const product = await createProduct(app.db, request.body, request.user.id);
      return reply.code(201).send({ data: product });
    },
  );

  app.put(
    '/products/:id',
    {
      schema: {
        summary: 'Replace a product and its messages',
        tags,
        params,
        body: withDetails(schemas.update, withDay),
        response: { 200: productResponse },
      },
    },
    async (request) => ({
      data: await updateProduct(app.db, request.params.id, request.body),
    }),
  );
};
