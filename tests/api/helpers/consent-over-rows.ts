import { sql } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/client';
import { rowsOf } from '../../../src/server/db/rows';
import type { AnalyticsQuery } from '../../../src/shared/analytics';
import { bounds } from '../../../src/server/services/analytics-range';

/**
 * Analytics' opt-ins, opt-outs and replies counted over the consent log's and the texts' own rows,
 * as Tidings counted them before it had counts (migrations 0028 and 0033): everyone's, or, for a
 * program, those of the people in its pods now. For a database no retention has run on, as
 * retention removes texts and keeps what they counted.
 */

/** Each program's people: its pods' active members, each once. */
const programPeople = sql`(
  select distinct pp.program_id, pm.user_id as contact_id
  from program_pods pp join pod_members pm on pm.pod_id = pp.pod_id and pm.status = 'active'
)`;

export async function consentOverRows(db: Db, query: AnalyticsQuery) {
  const inRange = bounds(query);
  const ofPeople = query.programId
    ? sql`and contact_id in (select contact_id from ${programPeople} people
        where program_id = ${query.programId})`
    : sql``;
  const [consent] = await rowsOf<{ optIns: number; optOuts: number; replies: number }>(
    db,
    sql`select
      (select count(*)::int from consent_events where event = 'opted_in'
        and ${inRange(sql`at`)} ${ofPeople}) as "optIns",
      (select count(*)::int from consent_events where event = 'opted_out'
        and ${inRange(sql`at`)} ${ofPeople}) as "optOuts",
      (select count(*)::int from inbound_messages where ${inRange(sql`received_at`)} ${ofPeople})
        as replies`,
  );
  return consent!;
}

/** The opt-outs of each program's people in the range, by program id, for `programIds`. */
export async function programOptOutsOverRows(
  db: Db,
  query: AnalyticsQuery,
  programIds: string[],
): Promise<Record<string, number>> {
  const rows = await rowsOf<{ programId: string; optOuts: number }>(
    db,
    sql`select p.program_id as "programId", count(e.id)::int as "optOuts"
      from ${programPeople} p
      join consent_events e on e.contact_id = p.contact_id
        and e.event = 'opted_out' and ${bounds(query)(sql`e.at`)}
      group by p.program_id`,
  );
  const counted = new Map(rows.map((row) => [row.programId, row.optOuts]));
  return Object.fromEntries(programIds.map((id) => [id, counted.get(id) ?? 0]));
}
