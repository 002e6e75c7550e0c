import { useState } from 'react';
import { CreateBase } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { messages } from '../../shared/messages';
import { newProductDraft, type Product } from '../../shared/product';
import { useMessages } from '../i18n';
import { successState } from '../lists/SuccessBanner';
import { serverMessage } from '../providers/httpClient';
import { ProductForm } from './form/ProductForm';

/** /products/create: a new 7-day product. */
export default function ProductCreate() {
  const t = useMessages();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  return (
    <CreateBase
      resource="products"
      record={newProductDraft()}
      mutationOptions={{
        onSuccess: (product: Product) =>
          navigate('/products', successState(t('products.created', { name: product.name }))),
        onError: (e: unknown) => setError(serverMessage(e, messages.products.errors.create)),
      }}
    >
      <ProductForm mode="create" error={error} onDismissError={() => setError(null)} />
    </CreateBase>
  );
}
