import { useMemo, type ReactNode } from 'react';
import {
  AutocompleteArrayInput,
  ChoicesContextProvider,
  ReferenceArrayInput,
  useChoicesContext,
  useRecordContext,
  type ChoicesContextValue,
  type RaRecord,
} from 'react-admin';
import type { PodSummary } from '../../../shared/responses/pods';
import type { Program } from '../../../shared/responses/programs';
import { useMessages } from '../../i18n';
import { SEARCH_DELAY_MS } from '../../lists/useDebouncedValue';

/** Pods offered per search; the search narrows them on the server. */
const SEARCH_PAGE = 25;

type PodChoice = Pick<PodSummary, 'id' | 'podId' | 'podName'>;

/** The search as the pods list takes it: its words, or no filter for an empty box. */
const searchFilter = (text: string) => (text.trim() ? { q: text.trim() } : {});

/** 'Walkers (POD-20270301-090000)' in the list; the chip says 'Walkers'. */
function PodOption() {
  const pod = useRecordContext<PodChoice>();
  return pod ? `${pod.podName} (${pod.podId})` : null;
}

/**
 * The program's own pods join the choices, since the program names them: their chips show at
 * once instead of after a request for each, and stay when a search leaves them out.
 */
function WithOwnPods({ pods, children }: { pods: readonly RaRecord[]; children: ReactNode }) {
  const context = useChoicesContext();
  const value = useMemo((): ChoicesContextValue => {
    const choices = context.allChoices ?? [];
    const known = new Set(choices.map((choice) => choice.id));
    const missing = pods.filter((pod) => !known.has(pod.id));
    return missing.length
      ? ({ ...context, allChoices: [...choices, ...missing] } as ChoicesContextValue)
      : context;
  }, [context, pods]);
  return <ChoicesContextProvider value={value}>{children}</ChoicesContextProvider>;
}

/**
 * The program's pods (`podIds`): a search over all pods on the server, the chosen ones as chips.
 */
export function PodsInput({ program }: { program: Program | undefined }) {
  const t = useMessages();
  const own = useMemo(() => program?.pods ?? [], [program]);
  return (
    <ReferenceArrayInput
      source="podIds"
      reference="pods"
      sort={{ field: 'podName', order: 'ASC' }}
      perPage={SEARCH_PAGE}
    >
      <WithOwnPods pods={own}>
        <AutocompleteArrayInput
          label={t('programs.fields.pods')}
          optionText={<PodOption />}
          inputText={(pod: PodChoice) => pod.podName}
          // The server has matched the search already.
          matchSuggestion={() => true}
          filterToQuery={searchFilter}
          debounce={SEARCH_DELAY_MS}
          filterSelectedOptions
          noOptionsText={t('lists.empty.pods')}
          loadingText={t('app.loading')}
          helperText={false}
          fullWidth
        />
      </WithOwnPods>
    </ReferenceArrayInput>
  );
}
