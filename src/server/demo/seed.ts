import { inArray, sql } from 'drizzle-orm';
import { TIME_ZONES, type Offering, type TimeZone } from '../../shared/constants';
import type { Db, Tx } from '../db/client';
import {
  appMeta,
  consentEvents,
  inboundMessages,
  outboundMessages,
  phoneConsents,
  podMembers,
  pods,
  productMessages,
  products,
  programPods,
  programs,
  users,
} from '../db/schema';
import { sanitizeRichText } from '../services/rich-text';
import {
  DEMO_PRODUCTS,
  FIRST_NAMES,
  LAST_NAMES,
  PLACES,
  STREETS,
  type DemoMessage,
} from './content';
import { insertDemoHistory } from './history';

/** The app_meta row that says the demo data is in; `--remove` deletes it with the rest. */
export const DEMO_KEY = 'demo_seed';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoSummary {
  skipped: boolean;
  products: number;
  contacts: number;
  /** Demo contacts left out because their email or phone was already known to Tidings. */
  contactsSkipped: number;
  pods: number;
  podMembers: number;
  programs: number;
  /** Messages of the demo's past (program days, confirmations) and replies from phones. */
  messages: number;
  replies: number;
}

/** A small deterministic PRNG (mulberry32), so every demo database looks the same. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

/**
 * Fills the database with believable demo data: products with their day messages, 200 contacts of
 * every role, pods with members and programs, and the past weeks of those programs' messages and
 * participants' replies (history.ts). It only inserts, and every row it writes is marked
 * `demo`, so `--remove` can take exactly those away (removal.ts). It never writes about
 * anyone else: a demo contact whose email or phone Tidings already knows (a contact's, or a
 * number with messages or consent on record) is left out, since consent belongs to the phone and
 * the demo's JOIN or STOP would become that number's word; the demo's past is written for its own
 * contacts and programs only. A second run adds nothing.
 */
export async function seedDemo(db: Db, now = new Date()): Promise<DemoSummary> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: DEMO_KEY, value: { seededAt: now.toISOString() } })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) {
      return {
        skipped: true,
        products: 0,
        contacts: 0,
        contactsSkipped: 0,
        pods: 0,
        podMembers: 0,
        programs: 0,
        messages: 0,
        replies: 0,
      };
    }
    const rand = random(20_260_314);
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS - rand.int(0, DAY_MS));

    const productIds = await insertProducts(tx, daysAgo);
    const { contacts, skipped } = await insertContacts(tx, rand, daysAgo);
    const participants = contacts.filter((c) => c.role === 'participant' && c.status === 'active');

    const podIds: string[] = [];
    let memberCount = 0;
    const podNames = [
      'Portland Cohort A',
      'Portland Cohort B',
      'Night Shift Nurses',
      'Downtown Office',
      'Warehouse Team',
      'Fall Beginners',
    ];
    for (const [index, podName] of podNames.entries()) {
      const created = daysAgo(60 - index * 8);
      const [pod] = await tx
        .insert(pods)
        .values({
          podId: `POD-DEMO-${String(index + 1).padStart(2, '0')}`,
          podName,
          demo: true,
          createdAt: created,
          updatedAt: created,
        })
        .onConflictDoNothing()
        .returning();
      if (!pod) continue;
      podIds.push(pod.id);
      const size = rand.int(12, 28);
      const start = rand.int(0, Math.max(0, participants.length - size));
      const members = participants.slice(start, start + size);
      await tx
        .insert(podMembers)
        .values(
          members.map((m) => ({ podId: pod.id, userId: m.id, joinedAt: created, demo: true })),
        );
      memberCount += members.length;
    }

    const programSpecs: {
      name: string;
      product?: number;
      offering: Offering;
      offeringType?: string;
      timeZone: TimeZone;
      pods: number[];
      /** Day 0 this many days from the seed date (negative: already running or done). */
      startsIn?: number;
      sendTime?: string;
    }[] = [
      {
        name: 'Spring Wellness Cohort',
        product: 0,
        offering: 'Standard',
        timeZone: 'America/Los_Angeles',
        pods: [0, 1],
        startsIn: -3,
      },
      {
        name: 'Night Shift Sleep Study',
        product: 2,
        offering: 'Nuanced',
        offeringType: 'Shift workers',
        timeZone: 'America/Chicago',
        pods: [2],
        startsIn: 5,
        sendTime: '20:00',
      },
      {
        name: 'Hydration at Work',
        product: 1,
        offering: 'Standard',
        timeZone: 'America/New_York',
        pods: [3, 4],
        startsIn: -20,
      },
      {
        name: 'Fall Movement Pilot',
        product: 3,
        offering: 'Nuanced',
        offeringType: 'Beginners',
        timeZone: 'America/Denver',
        pods: [5],
      },
      { name: 'Summer Series (draft)', offering: 'Standard', timeZone: TIME_ZONES[6], pods: [] },
    ];
    const programIds: string[] = [];
    for (const [index, spec] of programSpecs.entries()) {
      const created = daysAgo(40 - index * 7);
      const [program] = await tx
        .insert(programs)
        .values({
          programName: spec.name,
          productId: spec.product === undefined ? null : productIds[spec.product]!,
          offering: spec.offering,
          offeringType: spec.offeringType ?? null,
          timeZone: spec.timeZone,
          startDate:
            spec.startsIn === undefined
              ? null
              : new Date(now.getTime() + spec.startsIn * DAY_MS).toISOString().slice(0, 10),
          sendTime: spec.sendTime,
          demo: true,
          createdAt: created,
          updatedAt: created,
        })
        .returning();
      programIds.push(program!.id);
      const linked = spec.pods.map((i) => podIds[i]).filter((id): id is string => Boolean(id));
      if (linked.length > 0) {
        await tx
          .insert(programPods)
          .values(linked.map((podId) => ({ programId: program!.id, podId, demo: true })));
      }
    }

    const history = await insertDemoHistory(tx, rand, now, { contacts, programIds });

    return {
      skipped: false,
      products: productIds.length,
      contacts: contacts.length,
      contactsSkipped: skipped,
      pods: podIds.length,
      podMembers: memberCount,
      programs: programSpecs.length,
      ...history,
    };
  });
}

async function insertProducts(tx: Tx, daysAgo: (days: number) => Date): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, demo] of DEMO_PRODUCTS.entries()) {
    const created = daysAgo(90 - index * 10);
    const [product] = await tx
      .insert(products)
      .values({
        name: demo.name,
        days: demo.messages.length,
        status: demo.status,
        demo: true,
        createdAt: created,
        updatedAt: created,
      })
      .returning();
    const series: DemoMessage[] = [demo.preMessage, ...demo.messages, demo.conclusionMessage];
    await tx.insert(productMessages).values(
      series.map((message, day) => ({
        productId: product!.id,
        day,
        text: message.text,
        links: message.links ?? [],
        demo: true,
      })),
    );
    ids.push(product!.id);
  }
  return ids;
}

const CONTACT_COUNT = 200;
const ROLE_PLAN = { admin: 6, host: 24 } as const;

async function insertContacts(
  tx: Tx,
  rand: ReturnType<typeof random>,
  daysAgo: (days: number) => Date,
) {
  const rows: (typeof users.$inferInsert)[] = [];
  for (let i = 0; i < CONTACT_COUNT; i++) {
    const role =
      i < ROLE_PLAN.admin ? 'admin' : i < ROLE_PLAN.admin + ROLE_PLAN.host ? 'host' : 'participant';
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const lastName = LAST_NAMES[Math.floor(i / FIRST_NAMES.length + i) % LAST_NAMES.length]!;
    const place = rand.pick(PLACES);
    const created = daysAgo(rand.int(1, 120));
    const isStaff = role !== 'participant';
    rows.push({
      email: `${firstName}.${lastName}.${i + 1}@example.com`.toLowerCase(),
      role,
      status: rand.next() < 0.9 ? 'active' : 'inactive',
      firstName,
      lastName,
      // 555-01xx numbers are reserved for fiction; three area codes give room for 300.
      phone: `+1${['503', '916', '720'][i % 3]}55501${String(Math.floor(i / 3) % 100).padStart(2, '0')}`,
      street: `${rand.int(10, 9999)} ${rand.pick(STREETS)}`,
      ...place,
      // Through the sanitiser, as every bio is stored.
      bio: sanitizeRichText(
        isStaff
          ? `${role === 'admin' ? 'Program administrator' : 'Group host'} based in ${place.city}.`
          : '',
      ),
      // Staff come verified so they are ready to be sent a password link; most participants opted in.
      emailVerified: isStaff,
      smsVerified: !isStaff && rand.next() < 0.85,
      demo: true,
      createdAt: created,
      updatedAt: created,
    });
  }
  const known = await knownEmailsAndPhones(tx, rows);
  const fresh = rows.filter((row) => !known.has(row.email) && !known.has(row.phone!));
  const contacts = await tx
    .insert(users)
    .values(fresh)
    .onConflictDoNothing({ target: users.email })
    .returning({
      id: users.id,
      role: users.role,
      status: users.status,
      phone: users.phone,
      smsVerified: users.smsVerified,
      createdAt: users.createdAt,
    });
  return { contacts, skipped: rows.length - contacts.length };
}

/**
 * Which of the demo's emails and phones Tidings already knows: a contact's email or phone, or a
 * number that has messages or consent on record (an unknown number that wrote in, say).
 */
async function knownEmailsAndPhones(tx: Tx, rows: (typeof users.$inferInsert)[]) {
  const emails = rows.map((row) => row.email);
  const phones = rows.map((row) => row.phone!);
  const found = await tx.execute(sql`
    select ${users.email} as value from ${users} where ${inArray(users.email, emails)}
    union select ${users.phone} from ${users} where ${inArray(users.phone, phones)}
    union select ${phoneConsents.phone} from ${phoneConsents} where ${inArray(phoneConsents.phone, phones)}
    union select ${consentEvents.phone} from ${consentEvents} where ${inArray(consentEvents.phone, phones)}
    union select ${inboundMessages.fromPhone} from ${inboundMessages}
      where ${inArray(inboundMessages.fromPhone, phones)}
    union select ${outboundMessages.toPhone} from ${outboundMessages}
      where ${inArray(outboundMessages.toPhone, phones)}`);
  return new Set((found as unknown as { rows: { value: string }[] }).rows.map((row) => row.value));
}
