import { useEffect, useMemo } from 'react';
import { SelectInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { ENROLLMENTS, type Enrollment } from '../../../shared/constants';
import { useMessages } from '../../i18n';
import { DateField } from './ScheduleFields';

/**
 * How the program's days fall: one calendar for everyone (cohort), or each participant's own from
 * when they join (rolling), which may close on a date. The help under the select says what the
 * choice means.
 */
export function EnrollmentFields() {
  const t = useMessages();
  const enrollment = (useWatch({ name: 'enrollment' }) as Enrollment | undefined) ?? 'cohort';
  const { getValues, setValue } = useFormContext();
  // A cohort program has no enrollment end: the date goes with the rolling choice.
  useEffect(() => {
    if (enrollment === 'cohort' && getValues('enrollmentEndsOn') !== null) {
      setValue('enrollmentEndsOn', null, { shouldDirty: true });
    }
  }, [enrollment, getValues, setValue]);
  const choices = useMemo(
    () => ENROLLMENTS.map((id) => ({ id, name: t(`programs.enrollments.${id}`) })),
    [t],
  );
  return (
    <>
      <SelectInput
        source="enrollment"
        label={t('programs.fields.enrollment')}
        choices={choices}
        isRequired
        helperText={t(`programs.enrollmentHelp.${enrollment}`)}
        fullWidth
      />
      {enrollment === 'rolling' && (
        <DateField
          source="enrollmentEndsOn"
          label={t('programs.fields.enrollmentEndsOn')}
          help={t('programs.enrollmentEndsOnHelp')}
        />
      )}
    </>
  );
}
