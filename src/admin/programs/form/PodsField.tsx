import { Autocomplete, Chip, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import { useGetList } from 'react-admin';
import { useController } from 'react-hook-form';
import type { PodSummary } from '../../../shared/pod';
import { useMessages } from '../../i18n';
import { useDebouncedValue } from '../../lists/useDebouncedValue';

/** A pod as the field shows it. */
export interface PodChoice {
  id: string;
  podId: string;
  podName: string;
}

/** Pods offered per search; the search narrows them on the server. */
const SEARCH_PAGE = 25;

/**
 * The program's pods (`podIds`): a search over all pods on the server, the chosen ones as chips.
 * The form holds only ids, so the names come from the program (`pods`) or from the search results
 * they were picked from.
 */
export function PodsField({ initialPods }: { initialPods: readonly PodChoice[] }) {
  const t = useMessages();
  const { field, fieldState } = useController<{ podIds: string[] }, 'podIds'>({ name: 'podIds' });
  const [known, setKnown] = useState(
    () => new Map(initialPods.map((pod) => [pod.id, pod] as const)),
  );
  const [input, setInput] = useState('');
  const q = useDebouncedValue(input.trim());
  const { data, isPending } = useGetList<PodSummary>('pods', {
    filter: q ? { q } : {},
    sort: { field: 'podName', order: 'ASC' },
    pagination: { page: 1, perPage: SEARCH_PAGE },
  });
  const podIds = field.value;
  // The same array while the choice is the same: Autocomplete clears the search when it changes.
  const value = useMemo(
    () => (podIds ?? []).map((id) => known.get(id) ?? { id, podId: id, podName: id }),
    [podIds, known],
  );

  return (
    <Autocomplete<PodChoice, true>
      multiple
      options={data ?? []}
      value={value}
      loading={isPending}
      // The server has filtered by the search already.
      filterOptions={(options) => options}
      filterSelectedOptions
      getOptionLabel={(pod) => `${pod.podName} (${pod.podId})`}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      onChange={(_event, pods) => {
        setKnown(
          (previous) => new Map([...previous, ...pods.map((pod) => [pod.id, pod] as const)]),
        );
        field.onChange(pods.map((pod) => pod.id));
      }}
      onBlur={field.onBlur}
      noOptionsText={t('lists.empty.pods')}
      loadingText={t('app.loading')}
      renderValue={(pods, getItemProps) =>
        pods.map((pod, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={pod.podName} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={t('programs.fields.pods')}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );
}
