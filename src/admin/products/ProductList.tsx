import { Button } from '@mui/material';
import { DataTable } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_STATUSES } from '../../shared/constants';
import type { ProductSummary } from '../../shared/responses/products';
import { useMessages } from '../i18n';
import { DateTimeCol } from '../lists/DateTimeCol';
import { LinkButton } from '../lists/ListParts';
import { ListScreen } from '../lists/ListScreen';
import { ProductStatusChip } from './ProductStatusChip';

export const productEditPath = (id: string | number) => `/products/edit/${id}`;

const statusChip = (product: ProductSummary) => <ProductStatusChip status={product.status} />;
const create = <LinkButton to="/products/create" text="products.createNew" primary />;

/** /products: search by name, status filter, sortable columns, server-side paging. */
export function ProductList() {
  const t = useMessages();
  return (
    <ListScreen
      list="products"
      statuses={PRODUCT_STATUSES}
      action={create}
      rowClick={productEditPath}
    >
      <DataTable.Col source="name" />
      <DataTable.NumberCol source="days" />
      <DataTable.Col source="status" render={statusChip} />
      <DateTimeCol source="createdAt" />
      <DataTable.Col
        label={t('products.fields.actions')}
        disableSort
        render={(record: ProductSummary) => (
          <Button
            size="small"
            component={RouterLink}
            to={productEditPath(record.id)}
            onClick={(event) => event.stopPropagation()}
          >
            {t('products.view')}
          </Button>
        )}
      />
    </ListScreen>
  );
}
