import { Button, Chip, Stack } from '@mui/material';
import { useListContext } from 'react-admin';
import { useMessages } from '../i18n';

/**
 * How each filter a list knows names its value in a tag ('Status: Archived'), by the filter's
 * source.
 */
export type TagTexts = Record<string, (value: string) => string>;

/**
 * The active filters as removable tags, and a Clear button that removes them all (spec: shared
 * list behaviour). This stays ours: react-admin shows filters only as their inputs, with no tag a
 * user can remove on its own, and no button that clears them all.
 */
export function FilterTags({ texts }: { texts: TagTexts }) {
  const t = useMessages();
  const { filterValues, setFilters } = useListContext();
  const tags = Object.entries(texts).flatMap(([source, name]) => {
    const value = filterValues[source] as string | undefined;
    return value ? [{ source, label: name(value) }] : [];
  });
  if (tags.length === 0) return null;
  const remove = (source: string) => {
    const { [source]: _removed, ...rest } = filterValues;
    setFilters(rest, undefined, false);
  };
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'center' }}
      useFlexGap
    >
      {tags.map((tag) => (
        <Chip key={tag.source} label={tag.label} onDelete={() => remove(tag.source)} />
      ))}
      <Button size="small" onClick={() => setFilters({}, undefined, false)}>
        {t('lists.clear')}
      </Button>
    </Stack>
  );
}
