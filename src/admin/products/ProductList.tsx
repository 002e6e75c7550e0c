import { Button } from '@mui/material';
import { DataTable, SelectInput } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_STATUSES, type ProductStatus } from '../../shared/constants';
import type { ProductSummary } from '../../shared/product';
import { useMessages } from '../i18n';
import { DateTimeCol } from '../lists/DateTimeCol';
import { choicesOf } from '../lists/filterInputs';
import { LinkButton } from '../lists/ListParts';
import { ListScreen } from '../lists/ListScreen';
import { ProductStatusChip } from './ProductStatusChip';

export const productEditPath = (id: string | number) => `/products/edit/${id}`;

const statusChip = (product: ProductSummary) => <ProductStatusChip status={product.status} />;

/** /products: search by name, status filter, sortable columns, server-side paging. */
export function ProductList() {
  const t = useMessages();
  const statusName = (status: string) => t(`products.statuses.${status as ProductStatus}`);
  const statuses = choicesOf(PRODUCT_STATUSES, statusName);
  return (
    <ListScreen
      list="products"
      action={
        <LinkButton to="/products/create" primary>
          {t('products.createNew')}
        </LinkButton>
      }
      filters={[
        <SelectInput source="status" emptyText={t('products.allStatuses')} choices={statuses} />,
      ]}
      tags={{ status: (status) => t('products.statusFilterTag', { status: statusName(status) }) }}
      rowClick={(id) => productEditPath(id)}
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
