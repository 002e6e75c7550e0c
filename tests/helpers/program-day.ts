import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { outboundMessages } from '../../src/server/db/schema';
import { recordEvent } from '../../src/server/delivery/status';
import { analyzeSms } from '../../src/shared/sms';

/**
 * Outbox rows for the priority test and `npm run bench:dispatch`: a program's day queued for many
 * recipients, and a staff member's reply (whose route is not written yet: the row it will queue).
 */

/**
 * A program in one pod of `count` opted-in participants (phones `phonePrefix` + 7 digits), and its
 * day 1 queued for each, all due at `at`: what the planner leaves in the outbox when a day starts.
 * A few statements however many; the dispatcher's last check finds each a recipient.
 */
export async function queueProgramDay(
  db: Db,
  { count, phonePrefix, at }: { count: number; phonePrefix: string; at: Date },
): Promise<{ programId: string }> {
  const result = await db.execute(sql`
    with program as (
      insert into programs (program_name) values ('Priority program') returning id
    ), pod as (
      insert into pods (pod_id, pod_name)
      values ('POD-PRIORITY-' || ${phonePrefix}, 'Priority pod') returning id
    ), linked as (
      insert into program_pods (program_id, pod_id)
      select program.id, pod.id from program, pod
    ), people as (
      insert into users (email, role, status, first_name, last_name, phone, sms_verified)
      select 'day' || ${phonePrefix} || '-' || g || '@example.com', 'participant', 'active',
        'Day', 'Person' || g, ${phonePrefix} || lpad(g::text, 7, '0'), true
      from generate_series(1, ${count}) as g
      returning id, phone
    ), members as (
      insert into pod_members (pod_id, user_id) select pod.id, people.id from pod, people
    ), queued as (
      insert into outbound_messages
        (kind, contact_id, program_id, day, to_phone, body, send_after, created_at, updated_at)
      select 'program', people.id, program.id, 1, people.phone,
        'Day 1: a short walk today.', ${at}, ${at}, ${at}
      from program, people
      returning id
    ), events as (
      insert into outbound_message_events (message_id, status, source, at)
      select id, 'queued', 'planner', ${at} from queued
    )
    select id from program`);
  const [row] = (result as unknown as { rows: { id: string }[] }).rows;
  return { programId: row!.id };
}

/**
 * A staff member's reply to a participant, queued as the staff reply route queues it: due at once,
 * outside quiet hours (no time zone), its segments counted for pacing.
 */
export async function queueStaffReply(
  db: Db,
  reply: { contactId: string | null; phone: string; body: string; at: Date },
): Promise<string> {
  const [queued] = await db
    .insert(outboundMessages)
    .values({
      kind: 'staff',
      contactId: reply.contactId,
      toPhone: reply.phone,
      body: reply.body,
      segments: analyzeSms(reply.body).segments,
      sendAfter: reply.at,
      timeZone: null,
      createdAt: reply.at,
      updatedAt: reply.at,
    })
    .returning({ id: outboundMessages.id });
  await recordEvent(db, queued!.id, 'queued', 'staff', reply.at);
  return queued!.id;
}
