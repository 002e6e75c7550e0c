import type { DataProvider, ResourceCallbacks } from 'react-admin';
import { messages } from '../../shared/messages';
import type { Product } from '../../shared/product';
import { timeframeOf } from '../../shared/program';
import { requireSession } from './sessionRequired';

/** What the program form saves (the shared program schema's output). */
interface ProgramData {
  productId?: string | null;
  [field: string]: unknown;
}

/**
 * The product's timeframe ('2 days') goes with a program that has a product, as the spec's
 * client sends it. The server derives it itself, so a product that cannot be read here (deleted
 * meanwhile, or the network) leaves it out rather than failing the save.
 */
async function withTimeframe(data: ProgramData, dataProvider: DataProvider): Promise<ProgramData> {
  if (!data.productId) return data;
  const product = await dataProvider
    .getOne<Product>('products', { id: data.productId })
    .then(({ data: found }) => found)
    .catch(() => null);
  const timeframe = product ? timeframeOf(product.days) : null;
  return timeframe ? { ...data, timeframe } : data;
}

/** The program's save, shaped in one place for Create and Edit (spec sections 7 and 8). */
export const programCallbacks: ResourceCallbacks = {
  resource: 'programs',
  beforeCreate: requireSession(messages.auth.noTokenProgramCreate),
  beforeUpdate: requireSession(messages.auth.noTokenSubmit),
  beforeSave: withTimeframe,
};
