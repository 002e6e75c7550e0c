import { useState } from 'react';
import { useSaveContext } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { timeframeOf, type Program } from '../../../shared/program';
import type { ProgramInput } from '../../../shared/validation/program';
import { useMessages } from '../../i18n';
import { session } from '../../providers/session';
import type { ProgramFormMode, ProgramFormValues, ProgramPayload } from './programFormValues';
import { scheduleChangeToConfirm, type ChangeCounts } from './scheduleChange';

/**
 * The form's submit: the checked values, with the product's timeframe, go to the save of the
 * surrounding CreateBase or EditBase. When they would move the messages of a program that has
 * started sending, the submit waits for the user's answer (`counts` is then set, `answer` gives
 * it), so the form stays busy meanwhile and any field errors of the save still reach the fields.
 */
export function useProgramSubmit({
  mode,
  values,
  program,
  daysOf,
  refreshCutoff,
  onErrorChange,
}: {
  mode: ProgramFormMode;
  values: ProgramFormValues;
  program: Program | undefined;
  daysOf: (productId: string | null) => number | null;
  /** Moves the preview's past/to-come cutoff to now and returns it, for the dialog to count at. */
  refreshCutoff: () => Date;
  onErrorChange: (message: string | null) => void;
}) {
  const t = useMessages();
  const { save } = useSaveContext();
  const [pending, setPending] = useState<{
    counts: ChangeCounts;
    answer: (ok: boolean) => void;
  } | null>(null);

  async function submit(input: FieldValues) {
    onErrorChange(null);
    if (!session.getToken()) {
      onErrorChange(t(mode === 'create' ? 'auth.noTokenProgramCreate' : 'auth.noTokenSubmit'));
      return undefined;
    }
    const valid = input as ProgramInput;
    const days = daysOf(valid.productId);
    // The server derives the timeframe itself; it is sent as the spec's client sends it.
    const payload: ProgramPayload =
      valid.productId && days !== null ? { ...valid, timeframe: timeframeOf(days)! } : valid;
    const counts = program
      ? scheduleChangeToConfirm(program, values, payload, days, refreshCutoff())
      : null;
    if (counts) {
      const confirmed = await new Promise<boolean>((answer) => setPending({ counts, answer }));
      setPending(null);
      if (!confirmed) return undefined;
    }
    return save?.(payload);
  }

  return {
    submit,
    counts: pending?.counts ?? null,
    answer: (ok: boolean) => pending?.answer(ok),
  };
}
