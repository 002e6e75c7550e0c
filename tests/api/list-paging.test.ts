import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inboundMessages,
  outboundMessages,
  podMembers,
  pods,
  products,
  programs,
} from '../../src/server/db/schema';
import { createUser, startSignedInApp } from './helpers/app';

/**
 * Every paged list, at its edges: each list below holds TIED rows that its search finds and that
 * share the value of one sortable column, and OTHERS that the search does not find.
 */
let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
const TIED = 7;
const OTHERS = 3;
let podPk = '';

interface ListCase {
  name: string;
  url: () => string;
  /** The key of the rows in the answer. */
  key: string;
  /** Finds the tied rows only. */
  search: string;
  /** A column on which the tied rows are all equal. */
  tiedSort: string;
  /** Writes TIED rows the search finds (all equal on tiedSort), and OTHERS it does not. */
  seed: () => Promise<void>;
}

const numbered = (count: number) => Array.from({ length: count }, (_, i) => i);

const LISTS: ListCase[] = [
  {
    name: 'contacts',
    url: () => '/api/contacts',
    key: 'contacts',
    search: 'Tiedname',
    tiedSort: 'fullName',
    seed: async () => {
      for (const _ of numbered(TIED))
        await createUser(ctx.db, { role: 'participant', firstName: 'Ann', lastName: 'Tiedname' });
      for (const i of numbered(OTHERS))
        await createUser(ctx.db, { role: 'participant', lastName: `Other${i}` });
    },
  },
  {
    name: 'products',
    url: () => '/api/products',
    key: 'data',
    search: 'Tied product',
    tiedSort: 'name',
    seed: async () => {
      await ctx.db
        .insert(products)
        .values([
          ...numbered(TIED).map(() => ({ name: 'Tied product', days: 3 })),
          ...numbered(OTHERS).map((i) => ({ name: `Other product ${i}`, days: 3 })),
        ]);
    },
  },
  {
    name: 'pods',
    url: () => '/api/pods',
    key: 'pods',
    search: 'Tied pod',
    tiedSort: 'podName',
    seed: async () => {
      await ctx.db
        .insert(pods)
        .values([
          ...numbered(TIED).map((i) => ({ podId: `POD-TIED-${i}`, podName: 'Tied pod' })),
          ...numbered(OTHERS).map((i) => ({ podId: `POD-OTHER-${i}`, podName: `Other ${i}` })),
        ]);
    },
  },
  {
    name: 'pod members',
    url: () => `/api/pods/${podPk}/members`,
    key: 'members',
    search: 'Memberlast',
    tiedSort: 'fullName',
    seed: async () => {
      const [pod] = await ctx.db
        .insert(pods)
        .values({ podId: 'POD-MEMBERS', podName: 'Members' })
        .returning();
      podPk = pod!.id;
      const lastNames = [
        ...numbered(TIED).map(() => 'Memberlast'),
        ...numbered(OTHERS).map((i) => `Nonmember${i}`),
      ];
      for (const lastName of lastNames) {
        const { user } = await createUser(ctx.db, {
          role: 'participant',
          firstName: 'Bo',
          lastName,
        });
        await ctx.db.insert(podMembers).values({ podId: podPk, userId: user.id });
      }
    },
  },
  {
    name: 'programs',
    url: () => '/api/programs',
    key: 'programs',
    search: 'Tied program',
    tiedSort: 'programName',
    seed: async () => {
      await ctx.db
        .insert(programs)
        .values([
          ...numbered(TIED).map(() => ({ programName: 'Tied program' })),
          ...numbered(OTHERS).map((i) => ({ programName: `Other program ${i}` })),
        ]);
    },
  },
  {
    name: 'messages',
    url: () => '/api/messages',
    key: 'messages',
    search: 'Tied text',
    tiedSort: 'status',
    seed: async () => {
      const message = (body: string) => ({
        kind: 'test' as const,
        toPhone: '+15035550100',
        body,
        sendAfter: new Date('2026-01-01T00:00:00Z'),
        createdAt: new Date('2026-01-01T00:00:00Z'),
      });
      await ctx.db
        .insert(outboundMessages)
        .values([
          ...numbered(TIED).map(() => message('Tied text')),
          ...numbered(OTHERS).map((i) => message(`Other text ${i}`)),
        ]);
    },
  },
  {
    name: 'inbound messages',
    url: () => '/api/inbound-messages',
    key: 'messages',
    search: 'Tied reply',
    tiedSort: 'fromPhone',
    seed: async () => {
      const reply = (i: number, body: string) => ({
        providerMessageId: `SMtied${body.length}${i}`,
        fromPhone: '+15035550199',
        toPhone: '+15005550006',
        body,
        // Equal times too: only the id tells the tied replies apart.
        receivedAt: new Date('2026-01-01T00:00:00Z'),
      });
      await ctx.db
        .insert(inboundMessages)
        .values([
          ...numbered(TIED).map((i) => reply(i, 'Tied reply')),
          ...numbered(OTHERS).map((i) => reply(i, `Other reply ${i}`)),
        ]);
    },
  },
];

beforeAll(async () => {
  ctx = await startSignedInApp();
  for (const list of LISTS) await list.seed();
}, 60_000);
afterAll(() => ctx.close());

type Answer = { total: number } & Record<string, { _id: string }[]>;

async function get(list: ListCase, query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const response = await ctx.app.inject({ url: `${list.url()}?${params}`, headers: ctx.auth });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const body = response.json<Answer>();
  return { ids: body[list.key]!.map((row) => row._id), total: body.total };
}

describe.each(LISTS)('paging the $name list', (list) => {
  it('answers an empty result with no rows and a total of 0, paged or not', async () => {
    const none = { q: 'zz-no-such-thing-zz' };
    expect(await get(list, none)).toEqual({ ids: [], total: 0 });
    expect(await get(list, { ...none, page: 1, perPage: 5 })).toEqual({ ids: [], total: 0 });
    expect(await get(list, { ...none, page: 3, perPage: 5 })).toEqual({ ids: [], total: 0 });
  });

  it('counts every row the filter matches, not only the page', async () => {
    const page = await get(list, { q: list.search, page: 1, perPage: 3 });
    expect(page.ids).toHaveLength(3);
    expect(page.total).toBe(TIED);
    expect((await get(list, { q: list.search })).total).toBe(TIED);
  });

  it('reports the right total on a page past the end', async () => {
    const past = await get(list, { q: list.search, page: 4, perPage: 3 });
    expect(past).toEqual({ ids: [], total: TIED });
    const unfiltered = await get(list, { page: 1, perPage: 1 });
    expect(await get(list, { page: 1000, perPage: 50 })).toEqual({
      ids: [],
      total: unfiltered.total,
    });
  });

  it.each(['asc', 'desc'])(
    'keeps rows tied on the sorted column in one order across pages (%s)',
    async (order) => {
      const query = { q: list.search, sort: list.tiedSort, order };
      const whole = await get(list, query);
      expect(whole.ids).toHaveLength(TIED);
      const pages = [];
      for (const page of [1, 2, 3]) pages.push(await get(list, { ...query, page, perPage: 3 }));
      expect(pages.flatMap((page) => page.ids)).toEqual(whole.ids);
      expect(pages.map((page) => page.total)).toEqual([TIED, TIED, TIED]);
      // Asked again, the same order: the tie is broken by something that does not change.
      expect((await get(list, query)).ids).toEqual(whole.ids);
    },
  );
});
