import { DEFAULT_TIME_ZONE, SEND_WINDOW, type Enrollment } from '../../../shared/constants';
import type { Program } from '../../../shared/responses/programs';
import type { LocalDate, LocalTime } from '../../../shared/schedule';

export type ProgramFormMode = 'create' | 'edit';

/** What the program form edits; `productId` is '' while no product is chosen. */
export interface ProgramFormValues {
  programName: string;
  productId: string;
  offering: string;
  offeringType: string;
  timeZone: string;
  podIds: string[];
  startDate: LocalDate | null;
  sendTime: LocalTime;
  enrollment: Enrollment;
  /** A rolling program's last day 0; null: open. */
  enrollmentEndsOn: LocalDate | null;
}

/** A new program: Standard, in Los Angeles time, at the default send time. */
export const newProgramDraft = (): ProgramFormValues => ({
  programName: '',
  productId: '',
  offering: 'Standard',
  offeringType: '',
  timeZone: DEFAULT_TIME_ZONE,
  podIds: [],
  startDate: null,
  sendTime: SEND_WINDOW.default,
  enrollment: 'cohort',
  enrollmentEndsOn: null,
});

/** The spec's API may give the product as an object with `_id` (section 3). */
function productIdOf(value: unknown): string {
  const id = typeof value === 'object' && value !== null ? (value as { _id?: unknown })._id : value;
  return typeof id === 'string' ? id : '';
}

export function programToFormValues(program: Program): ProgramFormValues {
  return {
    programName: program.programName,
    productId: productIdOf(program.productId),
    offering: program.offering,
    offeringType: program.offeringType ?? '',
    timeZone: program.timeZone,
    podIds: program.podIds ?? [],
    startDate: program.startDate,
    sendTime: program.sendTime || SEND_WINDOW.default,
    enrollment: program.enrollment,
    enrollmentEndsOn: program.enrollmentEndsOn,
  };
}
