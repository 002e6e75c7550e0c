import { conclusionDay } from '../../shared/product';
import type { useMessages } from '../i18n';

type Translate = ReturnType<typeof useMessages>;

/**
 * 'Pre-message (Day 0)', 'Day 3', 'Conclusion (Day 8)', as the product editor names its days; a
 * day past the product's (`productDays` unknown) is named by its number.
 */
export function dayTitle(t: Translate, day: number, productDays: number | null): string {
  if (day === 0) return t('products.dayTitles.pre');
  if (productDays !== null && day === conclusionDay(productDays)) {
    return t('products.dayTitles.conclusion', { n: day });
  }
  return t('products.dayTitles.day', { n: day });
}
