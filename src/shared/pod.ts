import { DISPLAY_TIME_ZONE, type PodMemberStatus, type PodStatus, type Role } from './constants';

/** A pod as the API returns it (spec section 3). */
export interface PodSummary {
  _id: string;
  id: string;
  podId: string;
  podName: string;
  status: PodStatus;
  activeMemberCount: number;
  createdAt: string;
  updatedAt: string;
}

/** The contact of a pod member, as spec section 3 shows it (`userId` is an object). */
export interface PodMemberContact {
  _id: string;
  id: string;
  email: string;
  phone: string | null;
  role: Role;
  fullName: string;
  profile: { firstName: string; lastName: string };
}

/** One membership: GET /api/pods/{id} and GET /api/pods/{id}/members list active ones. */
export interface PodMember {
  _id: string;
  userId: PodMemberContact;
  status: PodMemberStatus;
  joinedAt: string;
  removedAt: string | null;
}

/** A program that sends to the pod. */
export interface PodProgram {
  _id: string;
  id: string;
  programName: string;
}

/**
 * GET /api/pods/{id} -> `{pod}`: the pod, its active members (left out with `?members=none`,
 * which the console sends: it pages them through GET /api/pods/{id}/members) and its programs.
 */
export interface PodDetail extends PodSummary {
  members: PodMember[];
  programs: PodProgram[];
}

/**
 * POST /api/pods/{id}/members with a list (`{members: [{userId, role}]}`) or a filter
 * (`{matching: {q, status}}`: every participant the add-members search matches): one
 * transaction. Contacts already active in the pod are skipped, removed members come back, and
 * contacts that cannot be members (unknown, or not participants) are named in `notAdded`.
 */
export interface PodMembersAddResult {
  added: number;
  reactivated: number;
  alreadyMembers: number;
  notAdded: { userId: string; name: string; reason: string }[];
  pod: PodSummary;
}

/** The default Pod ID: POD-YYYYMMDD-HHMMSS in Los Angeles time (spec section 9). */
export function defaultPodId(now: Date = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: DISPLAY_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return `POD-${parts.year}${parts.month}${parts.day}-${parts.hour}${parts.minute}${parts.second}`;
}
