import { useMemo } from 'react';
import { ReferenceInput, SelectInput, useChoicesContext } from 'react-admin';
import type { ProductSummary } from '../../../shared/responses/products';
import { timeframeOf } from '../../../shared/program';
import type { Program } from '../../../shared/responses/programs';
import { useMessages } from '../../i18n';
import { listErrorMessage } from '../../lists/listErrors';
import { keepText } from './keepText';

/** The most products the select lists: every active one, by name (spec section 2). */
const MAX_PRODUCTS = 500;

interface ProductChoice {
  id: string;
  name: string;
  days: number | null;
  /** True only for the product a stored program still uses after it stopped being active. */
  inactive: boolean;
}

/**
 * The choices: the active products, and the product a stored program uses when it is not one of
 * them, so saving does not silently drop it. That one is named by the program itself, so it shows
 * at once; it is said to be no longer active only once the active ones are known.
 */
function useProductChoices(program: Program | undefined): ProductChoice[] {
  const { availableChoices, isPending } = useChoicesContext<ProductSummary>();
  return useMemo(() => {
    const active = (availableChoices ?? [])
      .filter((product) => product.status === 'active')
      .map((product) => ({
        id: product.id,
        name: product.name,
        days: product.days,
        inactive: false,
      }));
    const own = program?.productId;
    if (!own || active.some((choice) => choice.id === own)) return active;
    const name = program.productName ?? own;
    return [...active, { id: own, name, days: program.productDays, inactive: !isPending }];
  }, [availableChoices, isPending, program]);
}

function ProductSelect({ program }: { program: Program | undefined }) {
  const t = useMessages();
  const { isPending, error } = useChoicesContext();
  const choices = useProductChoices(program);
  const optionText = (choice: ProductChoice) => {
    if (choice.inactive) return t('programs.inactiveProduct', { name: choice.name });
    return choice.days === null ? choice.name : `${choice.name} (${timeframeOf(choice.days)})`;
  };
  return (
    <SelectInput
      source="productId"
      label={t('programs.fields.product')}
      choices={choices}
      optionText={optionText}
      emptyText={t('programs.selectProduct')}
      parse={keepText}
      // The program's own product shows while the list loads; the select waits only without it.
      isPending={false}
      disabled={isPending && choices.length === 0}
      helperText={error ? listErrorMessage(error, 'products') : false}
      fullWidth
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    />
  );
}

/** The product select: optional, so its first choice is 'Select a product (optional)'. */
export function ProductInput({ program }: { program: Program | undefined }) {
  return (
    <ReferenceInput
      source="productId"
      reference="products"
      filter={{ status: 'active' }}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={MAX_PRODUCTS}
    >
      <ProductSelect program={program} />
    </ReferenceInput>
  );
}
