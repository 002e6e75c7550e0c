import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { receiveMessage } from '../../src/server/inbound/receive';
import { FAKE_TWILIO } from './fake-twilio';

/**
 * For the priority test and `npm run bench:dispatch`: a program's day queued for many recipients,
 * and a conversation a staff member answers.
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
 * A participant at `phone` who has just written in ('What time on Thursday?'), and a host to answer
 * them: what a staff reply needs to go at once, whatever the hour where they are. Their reply is
 * then sent as the route sends it (`sendStaffReply`).
 */
export async function conversationWith(
  db: Db,
  phone: string,
): Promise<{ contactId: string; staffId: string }> {
  const [contact, staff] = await db
    .insert(users)
    .values([
      {
        email: `writer${phone.replace(/\D/g, '')}@example.com`,
        role: 'participant',
        firstName: 'Writer',
        lastName: phone,
        phone,
        smsVerified: true,
      },
      {
        email: `host${phone.replace(/\D/g, '')}@example.com`,
        role: 'host',
        firstName: 'Host',
        lastName: phone,
      },
    ])
    .returning({ id: users.id });
  await receiveMessage(
    db,
    {
      providerMessageId: `SMwrote${phone.replace(/\D/g, '')}${Date.now()}`,
      from: phone,
      to: FAKE_TWILIO.from,
      body: 'What time on Thursday?',
      mediaUrls: [],
    },
    { helpContact: 'help@example.org' },
  );
  return { contactId: contact!.id, staffId: staff!.id };
}
