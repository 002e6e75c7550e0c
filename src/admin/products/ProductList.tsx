import { Button, Card, CardContent, MenuItem, Stack, TextField } from '@mui/material';
import { DataTable, ListBase, Pagination, useListContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_STATUSES, type ProductStatus } from '../../shared/constants';
import type { ProductSummary } from '../../shared/product';
import { formatDateTime } from '../format';
import { useMessages } from '../i18n';
import {
  EmptyList,
  FilterTags,
  ListLoadError,
  ListSummary,
  PageHeader,
  SearchFilter,
} from '../lists/ListParts';
import { listErrorMessage } from '../lists/listErrors';
import { SuccessBanner } from '../lists/SuccessBanner';
import { ProductStatusChip } from './ProductStatusChip';

export const productEditPath = (id: string | number) => `/products/edit/${id}`;

/** /products: search by name, status filter, sortable columns, server-side paging. */
export function ProductList() {
  return (
    <ListBase
      resource="products"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      // The view shows load errors itself, with 'Try Again'.
      queryOptions={{ onError: () => undefined }}
    >
      <ProductListView />
    </ListBase>
  );
}

function StatusFilter() {
  const t = useMessages();
  const { filterValues, setFilters } = useListContext();
  const value = (filterValues.status as string | undefined) ?? '';
  return (
    <TextField
      select
      label={t('products.fields.status')}
      value={value}
      onChange={(event) => {
        const { status: _status, ...rest } = filterValues;
        setFilters(
          event.target.value ? { ...rest, status: event.target.value } : rest,
          undefined,
          false,
        );
      }}
      fullWidth={false}
      sx={{ width: 200 }}
    >
      <MenuItem value="">{t('products.allStatuses')}</MenuItem>
      {PRODUCT_STATUSES.map((status) => (
        <MenuItem key={status} value={status}>
          {t(`products.statuses.${status}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

function ProductListView() {
  const t = useMessages();
  const { error, filterValues } = useListContext<ProductSummary>();
  const tags = [
    ...(filterValues.q
      ? [{ key: 'q', label: t('products.searchFilterTag', { q: filterValues.q }) }]
      : []),
    ...(filterValues.status
      ? [
          {
            key: 'status',
            label: t('products.statusFilterTag', {
              status: t(`products.statuses.${filterValues.status as ProductStatus}`),
            }),
          },
        ]
      : []),
  ];

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
      <SuccessBanner />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <SearchFilter label={t('products.fields.search')} />
            <StatusFilter />
          </Stack>
          <FilterTags tags={tags} />
        </CardContent>
      </Card>
      {error ? (
        <ListLoadError message={listErrorMessage(error, 'products')} />
      ) : (
        <Card variant="outlined">
          <CardContent sx={{ pb: 0 }}>
            <ListSummary items={t('products.items')} />
          </CardContent>
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
          <Pagination />
        </Card>
      )}
    </>
  );
}
