import { useState } from 'react';
import { useSaveContext } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { timeframeOf } from '../../../shared/program';
import type { Program } from '../../../shared/responses/programs';
import type { ProgramInput } from '../../../shared/validation/program';
import type { ProgramFormValues } from './programFormValues';
import { changeCounts, mustConfirmChange, type ChangeCounts } from './scheduleChange';
import { useProductDays } from './useProductDays';

/**
 * The form's submit: the checked values go to the save of the surrounding CreateBase or EditBase
 * (the data provider shapes what is sent), with the product's timeframe ('2 days') as the spec's
 * client sends it; the server derives its own, so a product that cannot be read leaves it out.
 * When they would move the messages of a program that has started sending, the submit first
 * waits for the user's answer (`counts` is then set, `answer` gives it), so the form stays busy
 * meanwhile and field errors of the save still reach their fields.
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
  const productDays = useProductDays();
  const [pending, setPending] = useState<{
    counts: ChangeCounts;
    answer: (ok: boolean) => void;
  } | null>(null);

  /** The new product's days, which make the new schedule (its own, when it did not change). */
  async function daysOf(productId: string | null) {
    if (!productId) return null;
    if (productId === program?.productId && program.productDays !== null)
      return program.productDays;
    return productDays(productId);
  }

  /** True when the change needs no confirmation, or the user gave it. */
  async function confirmed(stored: Program, valid: ProgramInput, days: number | null) {
    const cutoff = refreshCutoff();
    if (!mustConfirmChange(stored, values, valid, cutoff)) return true;
    const counts = changeCounts(stored, valid, days, cutoff);
    const answer = await new Promise<boolean>((resolve) => setPending({ counts, answer: resolve }));
    setPending(null);
    return answer;
  }

  async function submit(input: FieldValues) {
    onDismissError();
    const valid = input as ProgramInput;
    const days = await daysOf(valid.productId);
    if (program && !(await confirmed(program, valid, days))) return undefined;
    return save?.(days === null ? valid : { ...valid, timeframe: timeframeOf(days) });
  }

  return {
    submit,
    counts: pending?.counts ?? null,
    answer: (ok: boolean) => pending?.answer(ok),
  };
}
