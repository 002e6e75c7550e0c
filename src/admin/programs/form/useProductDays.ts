import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { Product } from '../../../shared/responses/products';

/**
 * A product's days as the schedule preview shows them: read from react-admin's cache of
 * `getOne('products')` (the preview's `useGetOne` filled it), fetched into that same cache only
 * when the preview has not loaded it yet. Null when the product cannot be read.
 */
export function useProductDays() {
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider();
  return (id: string): Promise<number | null> =>
    queryClient
      .fetchQuery({
        // react-admin's own key for useGetOne (ra-core dataProvider/useGetOne.ts).
        queryKey: ['products', 'getOne', { id: String(id), meta: undefined }],
        queryFn: () => dataProvider.getOne<Product>('products', { id }).then(({ data }) => data),
        // What the preview showed is what the save and the change dialog count with.
        staleTime: Infinity,
      })
      .then((product) => product.days)
      .catch(() => null);
}
