import { DataTable, type DataTableColumnProps } from 'react-admin';
import { formatDateTime } from '../format';

/** A column of instants, shown as the console shows times (en-US short, Los Angeles). */
export function DateTimeCol({ source, ...props }: DataTableColumnProps & { source: string }) {
  return (
    <DataTable.Col
      source={source}
      render={(record: Record<string, string | null>) => formatDateTime(record[source])}
      {...props}
    />
  );
}
