import { Button } from '@mui/material';
import { DataTable } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_STATUSES, type ProductStatus } from '../../shared/constants';
import type { ProductSummary } from '../../shared/responses/products';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import {
  EmptyList,
  FilterCard,
  ListCard,
  PageHeader,
  SearchFilter,
  SelectFilter,
  ServerList,
  useFilterTags,
} from '../lists/ListParts';
import { ProductStatusChip } from './ProductStatusChip';

export const productEditPath = (id: string | number) => `/products/edit/${id}`;

/** /products: search by name, status filter, sortable columns, server-side paging. */
export function ProductList() {
  return (
    <ServerList resource="products">
      <ProductListView />
    </ServerList>
  );
}

function ProductListView() {
  const t = useMessages();
  const tags = useFilterTags({
    q: (q) => t('products.searchFilterTag', { q }),
    status: (status) =>
      t('products.statusFilterTag', { status: t(`products.statuses.${status as ProductStatus}`) }),
  });

  return (
    <>
      <PageHeader
        title={t('products.title')}
        action={
          <Button variant="contained" component={RouterLink} to="/products/create">
            {t('products.createNew')}
          </Button>
        }
      />
      <FilterCard tags={tags}>
        <SearchFilter label={t('products.fields.search')} />
        <SelectFilter
          source="status"
          label={t('products.fields.status')}
          allLabel={t('products.allStatuses')}
          options={PRODUCT_STATUSES.map((status) => ({
            value: status,
            label: t(`products.statuses.${status}`),
          }))}
        />
      </FilterCard>
      <ListCard resource="products" items={t('products.items')}>
        <DataTable
          rowClick={(id) => productEditPath(id)}
          bulkActionButtons={false}
          empty={<EmptyList text={t('lists.empty.products')} />}
        >
          <DataTable.Col source="name" label={t('products.fields.name')} />
          <DataTable.NumberCol source="days" label={t('products.fields.days')} />
          <DataTable.Col
            source="status"
            label={t('products.fields.status')}
            render={(record: ProductSummary) => <ProductStatusChip status={record.status} />}
          />
          <DataTable.Col
            source="createdAt"
            label={t('products.fields.createdAt')}
            render={(record: ProductSummary) => formatDateTime(record.createdAt)}
          />
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
        </DataTable>
      </ListCard>
    </>
  );
}
