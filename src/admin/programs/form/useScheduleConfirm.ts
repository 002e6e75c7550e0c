import { useState } from 'react';
import { useDataProvider, useSaveContext } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { Product } from '../../../shared/product';
import type { Program } from '../../../shared/program';
import type { ProgramInput } from '../../../shared/validation/program';
import type { ProgramFormValues } from './programFormValues';
import { changeCounts, mustConfirmChange, type ChangeCounts } from './scheduleChange';

/**
 * The form's submit: the checked values go to the save of the surrounding CreateBase or EditBase
 * (the data provider shapes what is sent). When they would move the messages of a program that
 * has started sending, the submit first waits for the user's answer (`counts` is then set,
 * `answer` gives it), so the form stays busy meanwhile and field errors of the save still reach
 * their fields.
 */
export function useScheduleConfirm({
  values,
  program,
  refreshCutoff,
  onDismissError,
}: {
  values: ProgramFormValues;
  program: Program | undefined;
  /** Moves the preview's past/to-come cutoff to now and returns it, for the dialog to count at. */
  refreshCutoff: () => Date;
  onDismissError: () => void;
}) {
  const { save } = useSaveContext();
  const dataProvider = useDataProvider();
  const [pending, setPending] = useState<{
    counts: ChangeCounts;
    answer: (ok: boolean) => void;
  } | null>(null);

  /** The new product's days, which make the new schedule (its own, when it did not change). */
  async function daysOf(productId: string | null, stored: Program): Promise<number | null> {
    if (!productId) return null;
    if (productId === stored.productId && stored.productDays !== null) return stored.productDays;
    return dataProvider
      .getOne<Product>('products', { id: productId })
      .then(({ data }) => data.days)
      .catch(() => null);
  }

  /** True when the change needs no confirmation, or the user gave it. */
  async function confirmed(stored: Program, valid: ProgramInput): Promise<boolean> {
    const cutoff = refreshCutoff();
    if (!mustConfirmChange(stored, values, valid, cutoff)) return true;
    const counts = changeCounts(stored, valid, await daysOf(valid.productId, stored), cutoff);
    const answer = await new Promise<boolean>((resolve) => setPending({ counts, answer: resolve }));
    setPending(null);
    return answer;
  }

  async function submit(input: FieldValues) {
    onDismissError();
    const valid = input as ProgramInput;
    if (program && !(await confirmed(program, valid))) return undefined;
    return save?.(valid);
  }

  return {
    submit,
    counts: pending?.counts ?? null,
    answer: (ok: boolean) => pending?.answer(ok),
  };
}
