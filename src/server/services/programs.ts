import { and, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProgramStatus } from '../../shared/constants';
import { HANDED_OVER_STATUSES, UNSENT_MESSAGE_STATUSES } from '../../shared/delivery';
import { formatMessage } from '../../shared/format';
import { timeframeOf } from '../../shared/program';
import type { Program, ProgramPod } from '../../shared/responses/programs';
import { programStatus, ZONE_DAY_MARGIN } from '../../shared/schedule';
import {
  startDateSchema,
  type ProgramInput,
  type programListQuerySchema,
} from '../../shared/validation/program';
import { serverTexts } from '../texts';
import type { Db, Tx } from '../db/client';
import { defineList } from '../db/list-page';
import {
  outboundMessageEvents,
  outboundMessages,
  pods,
  products,
  programPods,
  programs,
} from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { parseInput } from '../http/validate';
import { containsPattern, sortOf } from './list';

type ProgramRow = typeof programs.$inferSelect;
type ProductFacts = { name: string; days: number } | null;

const t = serverTexts.programs;

/**
 * A program's status in SQL, for filtering and sorting a list; the same rule as `programStatus`
 * in shared/schedule.ts, which answers it for one program (tests/api/program-status-rule.test.ts
 * holds the two equal over many programs and instants). `date + time` is the local wall-clock
 * time, and `AT TIME ZONE` makes it an instant in the program's zone, daylight saving included.
 * A start date ZONE_DAY_MARGIN days or more from UTC's today is decided by the date alone, before
 * any of that arithmetic: a stored date near the ends of PostgreSQL's range (4713 BC, the year
 * 5874897) has no timestamp, and `date + days` past the end is an error. CASE evaluates its
 * branches in order, so those rows never reach it.
 */
const firstSendAt = sql`((${programs.startDate} + ${programs.sendTime}::time) at time zone ${programs.timeZone})`;
/** The last day 0: a rolling program's enrollment end ('infinity' while open), else the start date. */
const lastStartDate = sql`(case when ${programs.enrollment} = 'rolling'
  then coalesce(${programs.enrollmentEndsOn}, 'infinity'::date) else ${programs.startDate} end)`;
const lastSendAt = sql`(((${lastStartDate} + (${products.days} + 1)) + ${programs.sendTime}::time) at time zone ${programs.timeZone})`;
/**
 * The status at the instant `now` (SQL; the query needs `products` joined). The delivery planner
 * asks it at instants other than the present one.
 */
export const programStatusSqlAt = (now: SQL) => {
  const utcToday = sql`(${now} at time zone 'UTC')::date`;
  return sql<ProgramStatus>`case
  when ${programs.productId} is null or ${programs.startDate} is null then 'draft'
  when ${programs.pausedAt} is not null then 'paused'
  when ${programs.startDate} >= ${utcToday} + ${sql.raw(String(ZONE_DAY_MARGIN))} then 'scheduled'
  when ${lastStartDate} + (${products.days} + 1) <= ${utcToday} - ${sql.raw(String(ZONE_DAY_MARGIN))} then 'completed'
  when ${now} < ${firstSendAt} then 'scheduled'
  when ${now} < ${lastSendAt} then 'running'
  else 'completed' end`;
};
const statusSql = programStatusSqlAt(sql`now()`);

const podCount =
  sql<number>`(select count(*) from ${programPods} where ${programPods.programId} = ${programs.id})`.mapWith(
    Number,
  );

/**
 * How many of the program's day messages the outbox says were handed to the provider: what the
 * console may call sent (the clock only says what was due). The unique index on
 * (program_id, contact_id, day) serves the lookup.
 */
const messagesSentSql = sql<number>`(select count(*) from ${outboundMessages} where ${and(
  eq(outboundMessages.programId, programs.id),
  eq(outboundMessages.kind, 'program'),
  inArray(outboundMessages.status, HANDED_OVER_STATUSES),
)})`.mapWith(Number);

/**
 * The days of which the outbox says at least one message was handed to the provider, ascending:
 * they are never sent again, whatever the schedule becomes (one row per program, contact and day).
 */
const daysSentSql = sql<number[]>`(select coalesce(json_agg(sent.day order by sent.day), '[]'::json)
  from (select distinct ${outboundMessages.day} as day from ${outboundMessages} where ${and(
    eq(outboundMessages.programId, programs.id),
    eq(outboundMessages.kind, 'program'),
    inArray(outboundMessages.status, HANDED_OVER_STATUSES),
  )}) sent)`;

/** What a program's API object is read from: its row, its product's facts, its outbox facts. */
const programSelection = {
  program: programs,
  productName: products.name,
  productDays: products.days,
  sent: { messages: messagesSentSql, days: daysSentSql },
};

/** What the outbox says of a program: its messages and days handed to the provider. */
interface ProgramSent {
  messages: number;
  days: number[];
}

/** A program as the API shows it. */
export function toProgram(
  row: ProgramRow,
  product: ProductFacts,
  programPodsOf: ProgramPod[],
  sent: ProgramSent,
  now = new Date(),
): Program {
  const schedule =
    product && row.startDate
      ? {
          startDate: row.startDate,
          sendTime: row.sendTime,
          timeZone: row.timeZone,
          days: product.days,
        }
      : null;
  return {
    _id: row.id,
    id: row.id,
    programName: row.programName,
    productId: row.productId,
    productName: product?.name ?? null,
    productDays: product?.days ?? null,
    timeframe: timeframeOf(product?.days ?? null),
    offering: row.offering,
    offeringType: row.offeringType ?? '',
    timeZone: row.timeZone,
    podIds: programPodsOf.map((pod) => pod.id),
    pods: programPodsOf,
    startDate: row.startDate,
    sendTime: row.sendTime,
    enrollment: row.enrollment,
    enrollmentEndsOn: row.enrollmentEndsOn,
    status: programStatus(
      {
        hasProduct: Boolean(product),
        schedule,
        paused: row.pausedAt !== null,
        rolling: row.enrollment === 'rolling' ? { endsOn: row.enrollmentEndsOn } : undefined,
      },
      now,
    ),
    pausedAt: row.pausedAt?.toISOString() ?? null,
    messagesSent: sent.messages,
    daysSent: sent.days,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The pods of each program, in one query. */
async function podsOfPrograms(db: Db | Tx, programIds: string[]) {
  const byProgram = new Map<string, ProgramPod[]>(programIds.map((id) => [id, []]));
  if (programIds.length === 0) return byProgram;
  const rows = await db
    .select({
      programId: programPods.programId,
      id: pods.id,
      podId: pods.podId,
      podName: pods.podName,
    })
    .from(programPods)
    .innerJoin(pods, eq(pods.id, programPods.podId))
    .where(inArray(programPods.programId, programIds))
    .orderBy(pods.podName);
  for (const { programId, ...pod } of rows) byProgram.get(programId)!.push({ _id: pod.id, ...pod });
  return byProgram;
}

export type ProgramListQuery = z.output<typeof programListQuerySchema>;

const SORT_COLUMNS = {
  programName: sql`lower(${programs.programName})`,
  productName: sql`lower(coalesce(${products.name}, ''))`,
  // A program without a product counts as 0 days: last when the longest come first.
  productDays: sql`coalesce(${products.days}, 0)`,
  offering: programs.offering,
  timeZone: programs.timeZone,
  podCount,
  status: statusSql,
  startDate: programs.startDate,
  createdAt: programs.createdAt,
};

/** GET /api/programs: product name and days resolved; search, offering and status filters. */
export function programList(db: Db, query: ProgramListQuery) {
  const where = and(
    query.q ? ilike(programs.programName, containsPattern(query.q)) : undefined,
    query.offering?.length ? inArray(programs.offering, query.offering) : undefined,
    query.status?.length ? inArray(statusSql, query.status) : undefined,
  );
  return defineList({
    source: {
      from: (fields) =>
        db
          .select(fields)
          .from(programs)
          .leftJoin(products, eq(products.id, programs.productId))
          .$dynamic(),
      where,
      id: programs.id,
      order: sortOf(SORT_COLUMNS, query, programs.id),
    },
    rows: ({ page, total, order }) =>
      db
        .select({ ...programSelection, total })
        .from(page)
        .innerJoin(programs, eq(programs.id, page.id))
        .leftJoin(products, eq(products.id, programs.productId))
        .orderBy(...order),
    // The programs' pods, for all the rows at once.
    toApi: async (rows) => {
      const podsOf = await podsOfPrograms(
        db,
        rows.map((row) => row.program.id),
      );
      const now = new Date();
      return rows.map(({ program, productName, productDays, sent }) =>
        toProgram(
          program,
          productName === null ? null : { name: productName, days: productDays! },
          podsOf.get(program.id)!,
          sent,
          now,
        ),
      );
    },
  });
}

async function loadProgram(
  db: Db | Tx,
  id: string,
  lock = false,
  now = new Date(),
): Promise<Program> {
  const query = db
    .select(programSelection)
    .from(programs)
    .leftJoin(products, eq(products.id, programs.productId))
    .where(eq(programs.id, id));
  const [row] = lock ? await query.for('update', { of: programs }) : await query;
  if (!row) throw notFound(t.notFound);
  const podsOf = await podsOfPrograms(db, [id]);
  return toProgram(
    row.program,
    row.productName === null ? null : { name: row.productName, days: row.productDays! },
    podsOf.get(id)!,
    row.sent,
    now,
  );
}

export const getProgram = (db: Db, id: string) => loadProgram(db, id);

/** Refuses a product or pods that do not exist, naming them (400). */
async function assertReferences(tx: Tx, input: ProgramInput) {
  if (input.productId) {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, input.productId));
    if (!product) throw badRequest(formatMessage(t.unknownProduct, { id: input.productId }));
  }
  if (input.podIds.length > 0) {
    const found = await tx.select({ id: pods.id }).from(pods).where(inArray(pods.id, input.podIds));
    const known = new Set(found.map((pod) => pod.id));
    const unknown = input.podIds.filter((id) => !known.has(id));
    if (unknown.length > 0)
      throw badRequest(formatMessage(t.unknownPods, { ids: unknown.join(', ') }));
  }
}

function columnsOf(input: ProgramInput) {
  return {
    programName: input.programName,
    productId: input.productId,
    offering: input.offering,
    offeringType: input.offeringType || null,
    timeZone: input.timeZone,
    startDate: input.startDate,
    sendTime: input.sendTime,
    enrollment: input.enrollment,
    enrollmentEndsOn: input.enrollmentEndsOn,
  };
}

async function linkPods(tx: Tx, programId: string, podIds: string[]) {
  await tx.delete(programPods).where(eq(programPods.programId, programId));
  if (podIds.length > 0) {
    await tx.insert(programPods).values(podIds.map((podId) => ({ programId, podId })));
  }
}

/** Creates a program and links its pods, in one transaction. */
export async function createProgram(db: Db, input: ProgramInput, createdBy: string) {
  return db.transaction(async (tx) => {
    await assertReferences(tx, input);
    const [row] = await tx
      .insert(programs)
      .values({ ...columnsOf(input), createdBy })
      .returning({ id: programs.id });
    await linkPods(tx, row!.id, input.podIds);
    return loadProgram(tx, row!.id);
  });
}

/**
 * Replaces a program's fields and pods, in one transaction. A running program may be moved: the
 * delivery engine never sends a day twice (one outbox row per program, contact and day), and the
 * days to come follow the new schedule.
 */
export async function updateProgram(db: Db, id: string, input: ProgramInput) {
  return db.transaction(async (tx) => {
    const stored = await loadProgram(tx, id, true);
    // The start date rules are for a date being set (the body was parsed without them).
    if (input.startDate !== null && input.startDate !== stored.startDate) {
      parseInput(startDateSchema, { startDate: input.startDate });
    }
    await assertReferences(tx, input);
    await tx.update(programs).set(columnsOf(input)).where(eq(programs.id, id));
    await linkPods(tx, id, input.podIds);
    return loadProgram(tx, id);
  });
}

/**
 * Pauses a scheduled or running program (409 otherwise): its messages not yet handed to the
 * provider are canceled in the same transaction, so a paused program sends nothing more. Resumes
 * a paused one: the planner plans only the days whose send time comes after the resume, so the
 * days of the pause are never sent late.
 */
export async function setPaused(db: Db, id: string, paused: boolean, now = new Date()) {
  return db.transaction(async (tx) => {
    const program = await loadProgram(tx, id, true, now);
    if (paused && program.status !== 'scheduled' && program.status !== 'running') {
      throw conflict(t.cannotPause);
    }
    if (!paused && program.status !== 'paused') throw conflict(t.cannotResume);
    await tx
      .update(programs)
      .set(
        paused
          ? { pausedAt: now, updatedAt: now }
          : { pausedAt: null, resumedAt: now, updatedAt: now },
      )
      .where(eq(programs.id, id));
    if (paused) await cancelUnsentMessages(tx, id, now);
    return loadProgram(tx, id, false, now);
  });
}

/**
 * Cancels the program's messages still waiting in the outbox, each with a line in its history:
 * one statement however many there are (a large program's whole day may be waiting).
 */
async function cancelUnsentMessages(tx: Tx, programId: string, at: Date) {
  const canceled = tx.$with('canceled').as(
    tx
      .update(outboundMessages)
      .set({ status: 'canceled', updatedAt: at })
      .where(
        and(
          eq(outboundMessages.programId, programId),
          inArray(outboundMessages.status, UNSENT_MESSAGE_STATUSES),
        ),
      )
      .returning({ id: outboundMessages.id }),
  );
  await tx
    .with(canceled)
    .insert(outboundMessageEvents)
    .select(
      tx
        .select({
          id: sql`gen_random_uuid()`.as('id'),
          messageId: canceled.id,
          status: sql`'canceled'`.as('status'),
          source: sql`'staff'`.as('source'),
          errorCode: sql`null`.as('error_code'),
          errorMessage: sql`${serverTexts.delivery.programPaused}`.as('error_message'),
          at: sql`${at.toISOString()}::timestamptz`.as('at'),
          demo: sql`false`.as('demo'),
        })
        .from(canceled),
    );
}
