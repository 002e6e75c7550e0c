import type { ProgramStatus } from '../../shared/constants';

/** The list's rows open this one of the edit screen's two addresses (spec section 2). */
export const programEditPath = (id: string | number) =>
  `/programs/edit/${encodeURIComponent(String(id))}`;

/** The programs list filtered by status, in react-admin's own list address (`?filter={...}`). */
export const programsListPath = (status?: ProgramStatus) =>
  status ? `/programs?filter=${encodeURIComponent(JSON.stringify({ status }))}` : '/programs';
