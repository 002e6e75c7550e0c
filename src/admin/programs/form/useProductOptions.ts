import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import type { ProductSummary } from '../../../shared/product';
import type { Program } from '../../../shared/program';

export interface ProductOption {
  id: string;
  name: string;
  days: number | null;
  /** False only for the product an existing program still uses after it stopped being active. */
  active: boolean;
}

/** The product a stored program uses, as the program names it. */
export function linkedProduct(program: Program | undefined, productId: string) {
  if (!program || !productId) return null;
  return { id: productId, name: program.productName ?? productId, days: program.productDays };
}

/**
 * The products a program can be given: the active ones, by name (spec section 2). A program
 * whose product is no longer active keeps it as a choice, so saving does not silently drop it.
 */
export function useProductOptions(linked: ReturnType<typeof linkedProduct>) {
  const { data, isPending, error } = useGetList<ProductSummary>('products', {
    filter: { status: 'active' },
    sort: { field: 'name', order: 'ASC' },
    pagination: { page: 1, perPage: 500 },
  });
  const options = useMemo(() => {
    const active: ProductOption[] = (data ?? [])
      .filter((product) => product.status === 'active')
      .map((product) => ({ id: product.id, name: product.name, days: product.days, active: true }));
    // Until the active ones are known, the program's own product is not known to be inactive.
    if (linked && !active.some((option) => option.id === linked.id)) {
      return [...active, { ...linked, active: !data }];
    }
    return active;
  }, [data, linked]);
  return { options, isPending, error: error as unknown };
}
