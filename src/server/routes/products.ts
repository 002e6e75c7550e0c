import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages';
import { LIMITS } from '../../shared/constants';
import { dayOfField, isDayCount } from '../../shared/product';
import type { ValidationDetail } from '../../shared/types';
import {
  productCreateSchema,
  productListQuerySchema,
  productUpdateSchema,
} from '../../shared/validation/product';
import { notFound } from '../http/errors';
import { pathId } from '../http/path-ids';
import { parseInput } from '../http/validate';
import { createProduct, getProduct, listProducts, updateProduct } from '../services/products';

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

/** The id of the URL, or a 404: a malformed id names no product. */
const productId = (params: unknown): string => pathId(params, messages.products.notFound);

/** Products and their day messages (spec section 7): `{data}` in every answer. */
export async function productRoutes(app: FastifyInstance) {
  app.get('/products', async (request) => {
    const query = parseInput(productListQuerySchema, request.query);
    return listProducts(app.db, query);
  });

  app.get('/products/:id', async (request) => {
    const product = await getProduct(app.db, productId(request.params));
    if (!product) throw notFound(messages.products.notFound);
    return { data: product };
  });

  app.post('/products', async (request, reply) => {
    const input = parseInput(productCreateSchema, request.body, withDay(request.body));
    const product = await createProduct(app.db, input, request.user.id);
    return reply.code(201).send({ data: product });
  });

  app.put('/products/:id', async (request) => {
    const id = productId(request.params);
    const input = parseInput(productUpdateSchema, request.body, withDay(request.body));
    return { data: await updateProduct(app.db, id, input) };
  });
}
