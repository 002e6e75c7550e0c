import { EditBase, useEditContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import { messages } from '../../shared/messages';
import type { Product } from '../../shared/responses/products';
import { RecordLoadError } from '../forms/RecordLoadError';
import { useSaveOutcome } from '../forms/useSaveOutcome';
import { useMessages } from '../i18n';
import { LoadingPage } from '../layout/LoadingPage';
import { recordErrorMessage } from '../lists/listErrors';
import { serverMessage } from '../providers/httpClient';
import { ProductForm } from './form/ProductForm';

function ProductEditView({
  error,
  onDismissError,
}: {
  error: string | null;
  onDismissError: () => void;
}) {
  const t = useMessages();
  const { record, isPending, error: loadError } = useEditContext<Product>();
  if (isPending) return <LoadingPage label={t('products.loading')} />;
  if (loadError || !record) {
    return (
      <RecordLoadError
        title={t('products.editTitle')}
        message={recordErrorMessage(loadError, messages.products.errors)}
        backTo="/products"
        backLabel={t('products.back')}
      />
    );
  }
  return <ProductForm mode="edit" error={error} onDismissError={onDismissError} />;
}

/** /products/edit/{id}: the product form with its status. */
export default function ProductEdit() {
  const t = useMessages();
  const { id } = useParams();
  const { mutationOptions, error, dismissError } = useSaveOutcome<Product>({
    resource: 'products',
    success: (product) => t('products.updated', { name: product.name }),
    failure: (e) => serverMessage(e, messages.products.errors.update),
  });
  return (
    <EditBase
      resource="products"
      id={id}
      mutationMode="pessimistic"
      redirect={false}
      // The view shows load failures itself, with 'Back to Products'.
      queryOptions={{ onError: () => undefined, retry: false }}
      mutationOptions={mutationOptions}
    >
      <ProductEditView error={error} onDismissError={dismissError} />
    </EditBase>
  );
}
