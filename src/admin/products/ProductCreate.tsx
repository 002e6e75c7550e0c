import { CreateBase } from 'react-admin';
import { messages } from '../../shared/messages';
import { newProductDraft } from '../../shared/product';
import type { Product } from '../../shared/responses/products';
import { useSaveOutcome } from '../forms/useSaveOutcome';
import { useMessages } from '../i18n';
import { serverMessage } from '../providers/httpClient';
import { ProductForm } from './form/ProductForm';

/** /products/create: a new 7-day product. */
export default function ProductCreate() {
  const t = useMessages();
  const { mutationOptions, error, dismissError } = useSaveOutcome<Product>({
    resource: 'products',
    success: (product) => t('products.created', { name: product.name }),
    failure: (e) => serverMessage(e, messages.products.errors.create),
  });
  return (
    <CreateBase resource="products" record={newProductDraft()} mutationOptions={mutationOptions}>
      <ProductForm mode="create" error={error} onDismissError={dismissError} />
    </CreateBase>
  );
}
