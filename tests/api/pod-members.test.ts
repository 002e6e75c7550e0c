import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podMembers, programPods, programs } from '../../src/server/db/schema';
import { messages } from '../../src/shared/messages';
import { serverTexts } from '../../src/server/texts';
import { insertBulkContacts } from './helpers/bulk';
import { createUser, startSignedInApp } from './helpers/app';

let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
let people: { id: string; name: string }[];
let host: { id: string; name: string };

beforeAll(async () => {
  ctx = await startSignedInApp({ LOG_LEVEL: 'error' });
  people = [];
  for (const [firstName, lastName, phone] of [
    ['Zoe', 'Adams', '+15035550101'],
    ['Amir', 'Baker', null],
    ['Mia', 'Chen', '+15035550103'],
    ['Liam', 'Diaz', '+15035550104'],
  ] as const) {
    const { user } = await createUser(ctx.db, { role: 'participant', firstName, lastName, phone });
    people.push({ id: user.id, name: `${firstName} ${lastName}` });
  }
  const h = (await createUser(ctx.db, { role: 'host', firstName: 'Hugo', lastName: 'Host' })).user;
  host = { id: h.id, name: 'Hugo Host' };
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: ctx.auth, payload: payload as object });
const members = (ids: string[]) => ids.map((userId) => ({ userId, role: 'participant' }));

let podNumber = 0;
/** A new pod with `ids` as members; returns its id. */
async function newPod(ids: string[], podName = 'Walkers') {
  const response = await call('POST', '/api/pods', {
    podId: `POD-TEST-${++podNumber}`,
    podName,
    members: members(ids),
  });
  expect(response.statusCode).toBe(201);
  return response.json().pod.id as string;
}
const memberNames = async (podId: string) =>
  (await call('GET', `/api/pods/${podId}/members?page=1&perPage=100`))
    .json()
    .members.map((m: { userId: { fullName: string } }) => m.userId.fullName);

describe('GET /api/pods', () => {
  it('lists pods with their active member counts, pages, sorts, searches and filters', async () => {
    const small = await newPod([people[0]!.id], 'Alpha Walkers');
    const big = await newPod(
      people.map((p) => p.id),
      'Beta Runners',
    );
    await ctx.db.update(podMembers).set({ status: 'removed' }).where(eq(podMembers.podId, small));

    const all = (await call('GET', '/api/pods')).json();
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.pods.length).toBe(all.total);

    const byMembers = (
      await call('GET', '/api/pods?page=1&perPage=2&sort=activeMemberCount&order=desc')
    ).json();
    expect(byMembers.pods[0]).toMatchObject({ id: big, activeMemberCount: 4 });
    expect(byMembers.pods).toHaveLength(2);

    const found = (await call('GET', '/api/pods?q=alpha')).json();
    expect(found.pods.map((p: { id: string }) => p.id)).toEqual([small]);
    expect(found.pods[0].activeMemberCount).toBe(0);

    const inactive = (await call('GET', '/api/pods?status=inactive')).json();
    expect(inactive.total).toBe(0);
    expect((await call('GET', '/api/pods?sort=members')).statusCode).toBe(400);
  });

  it('filters by the program that sends to the pod', async () => {
    const pod = await newPod([people[1]!.id], 'Program pod');
    const [program] = await ctx.db
      .insert(programs)
      .values({ programName: 'Spring Steps' })
      .returning();
    await ctx.db.insert(programPods).values({ programId: program!.id, podId: pod });
    const response = (await call('GET', `/api/pods?programId=${program!.id}`)).json();
    expect(response.pods.map((p: { id: string }) => p.id)).toEqual([pod]);

    const detail = (await call('GET', `/api/pods/${pod}`)).json().pod;
    expect(detail.programs).toEqual([
      { _id: program!.id, id: program!.id, programName: 'Spring Steps' },
    ]);
  });
});

describe('GET /api/pods/{id}', () => {
  it('answers the pod with its active members in the spec’s shape', async () => {
    const pod = await newPod([people[0]!.id, people[1]!.id]);
    const { pod: detail } = (await call('GET', `/api/pods/${pod}`)).json();
    expect(detail.activeMemberCount).toBe(2);
    // By name: Amir Baker, then Zoe Adams.
    expect(detail.members).toHaveLength(2);
    expect(detail.members[1]).toMatchObject({
      status: 'active',
      userId: {
        _id: people[0]!.id,
        phone: '+15035550101',
        role: 'participant',
        profile: { firstName: 'Zoe', lastName: 'Adams' },
      },
    });
    expect(detail.members[1]._id).toEqual(expect.any(String));
    expect(Date.parse(detail.members[1].joinedAt)).not.toBeNaN();

    const light = (await call('GET', `/api/pods/${pod}?members=none`)).json().pod;
    expect(light.members).toEqual([]);
    expect(light.activeMemberCount).toBe(2);
  });

  it('answers 404 for an unknown or malformed id, and 401 without a token', async () => {
    const unknown = await call('GET', '/api/pods/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(messages.pods.notFound);
    expect((await call('GET', '/api/pods/nope')).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/pods' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PUT /api/pods/{id}', () => {
  it('renames the pod, trimmed, and refuses a pod id another pod has', async () => {
    const pod = await newPod([people[0]!.id]);
    const other = await newPod([people[0]!.id]);
    const renamed = await call('PUT', `/api/pods/${pod}`, {
      podId: ' POD-RENAMED ',
      podName: ' Evening Walkers ',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().pod).toMatchObject({ podId: 'POD-RENAMED', podName: 'Evening Walkers' });

    const taken = await call('PUT', `/api/pods/${other}`, { podId: 'POD-RENAMED', podName: 'X' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('A pod with the ID "POD-RENAMED" already exists.');

    const empty = await call('PUT', `/api/pods/${pod}`, { podId: ' ', podName: 'X' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(messages.pods.idAndNameRequired);
    const missing = await call('PUT', '/api/pods/00000000-0000-4000-8000-000000000000', {
      podId: 'A',
      podName: 'B',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/pods/{id}/members (one member, as the spec calls it)', () => {
  it('adds a participant, refuses an active member, and brings a removed one back', async () => {
    const pod = await newPod([people[0]!.id]);
    const added = await call('POST', `/api/pods/${pod}/members`, {
      userId: people[1]!.id,
      role: 'participant',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().member).toMatchObject({ status: 'active', userId: { _id: people[1]!.id } });

    const again = await call('POST', `/api/pods/${pod}/members`, { userId: people[1]!.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(serverTexts.pods.alreadyActiveMember);

    expect((await call('DELETE', `/api/pods/${pod}/members/${people[1]!.id}`)).statusCode).toBe(
      200,
    );
    const back = await call('POST', `/api/pods/${pod}/members`, { userId: people[1]!.id });
    expect(back.statusCode).toBe(200);
    expect(back.json().member.status).toBe('active');
    const rows = await ctx.db
      .select()
      .from(podMembers)
      .where(and(eq(podMembers.podId, pod), eq(podMembers.userId, people[1]!.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.removedAt).toBeNull();
  });

  it('refuses a contact who is not a participant, and a role other than participant', async () => {
    const pod = await newPod([people[0]!.id]);
    const staff = await call('POST', `/api/pods/${pod}/members`, { userId: host.id });
    expect(staff.statusCode).toBe(400);
    expect(staff.json().error).toBe(`Only participants can be pod members: ${host.name}`);
    const asHost = await call('POST', `/api/pods/${pod}/members`, {
      userId: people[1]!.id,
      role: 'host',
    });
    expect(asHost.statusCode).toBe(400);
    const unknownPod = await call(
      'POST',
      '/api/pods/00000000-0000-4000-8000-000000000000/members',
      { userId: people[1]!.id },
    );
    expect(unknownPod.statusCode).toBe(404);
  });
});

describe('DELETE /api/pods/{id}/members/{userId}', () => {
  it('keeps the membership as history, and is 404 for someone not in the pod', async () => {
    const pod = await newPod([people[0]!.id, people[2]!.id]);
    const removed = await call('DELETE', `/api/pods/${pod}/members/${people[0]!.id}`);
    expect(removed.json()).toEqual({ success: true });
    const [row] = await ctx.db
      .select()
      .from(podMembers)
      .where(and(eq(podMembers.podId, pod), eq(podMembers.userId, people[0]!.id)));
    expect(row).toMatchObject({ status: 'removed' });
    expect(row!.removedAt).toBeInstanceOf(Date);
    expect(await memberNames(pod)).toEqual(['Mia Chen']);

    const twice = await call('DELETE', `/api/pods/${pod}/members/${people[0]!.id}`);
    expect(twice.statusCode).toBe(404);
    expect(twice.json().error).toBe(serverTexts.pods.notAMember);
  });
});

describe('GET /api/pods/{id}/members', () => {
  it('pages, sorts and searches the active members', async () => {
    const pod = await newPod(people.map((p) => p.id));
    expect(await memberNames(pod)).toEqual(['Amir Baker', 'Liam Diaz', 'Mia Chen', 'Zoe Adams']);
    const page = (
      await call('GET', `/api/pods/${pod}/members?page=2&perPage=3&sort=email&order=asc`)
    ).json();
    expect(page.total).toBe(4);
    expect(page.members).toHaveLength(1);
    const found = (await call('GET', `/api/pods/${pod}/members?q=chen`)).json();
    expect(found.members.map((m: { userId: { id: string } }) => m.userId.id)).toEqual([
      people[2]!.id,
    ]);
  });

  it('finds members and candidates by a phone number however it is written', async () => {
    const pod = await newPod([people[2]!.id]);
    const q = encodeURIComponent('(503) 555-0103');
    const found = (await call('GET', `/api/pods/${pod}/members?q=${q}`)).json();
    expect(found.members.map((m: { userId: { id: string } }) => m.userId.id)).toEqual([
      people[2]!.id,
    ]);
    const other = encodeURIComponent('503 555 0104');
    const candidates = (await call('GET', `/api/contacts?notInPod=${pod}&q=${other}`)).json();
    expect(candidates.contacts.map((c: { id: string }) => c.id)).toEqual([people[3]!.id]);
  });
});

describe('POST /api/pods/{id}/members (many at once)', () => {
  beforeAll(() => insertBulkContacts(ctx.db, 1_200));

  it('adds a list in one go: new, back again, already there, and refused, each counted', async () => {
    const pod = await newPod([people[0]!.id, people[1]!.id]);
    await call('DELETE', `/api/pods/${pod}/members/${people[1]!.id}`);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const response = await call('POST', `/api/pods/${pod}/members`, {
      members: members([people[0]!.id, people[1]!.id, people[2]!.id, host.id, unknown]),
    });
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ added: 1, reactivated: 1, alreadyMembers: 1 });
    expect(result.pod.activeMemberCount).toBe(3);
    expect(result.notAdded.map((n: { name: string }) => n.name)).toEqual([host.name, unknown]);
    expect(await memberNames(pod)).toEqual(['Amir Baker', 'Mia Chen', 'Zoe Adams']);
  });

  it('needs at least one contact', async () => {
    const pod = await newPod([people[0]!.id]);
    const response = await call('POST', `/api/pods/${pod}/members`, { members: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(messages.pods.selectAtLeastOneToAdd);
  });

  it('adds 1,000 contacts in one request and one transaction', async () => {
    const candidates = (
      await call('GET', '/api/contacts?page=1&perPage=500&role=participant&q=Person&sort=email')
    ).json().contacts as { id: string }[];
    const more = (
      await call('GET', '/api/contacts?page=2&perPage=500&role=participant&q=Person&sort=email')
    ).json().contacts as { id: string }[];
    const ids = [...candidates, ...more].slice(0, 1_000).map((c) => c.id);
    expect(ids).toHaveLength(1_000);
    const pod = await newPod([people[0]!.id]);
    const response = await call('POST', `/api/pods/${pod}/members`, { members: members(ids) });
    expect(response.json()).toMatchObject({ added: 1_000, notAdded: [] });
    expect(response.json().pod.activeMemberCount).toBe(1_001);

    // A refused list changes nothing: a pod id in the path that does not exist.
    const none = await call('POST', `/api/pods/00000000-0000-4000-8000-000000000000/members`, {
      members: members(ids),
    });
    expect(none.statusCode).toBe(404);
  });

  it('adds every participant a search matches, and lists the others as candidates', async () => {
    const pod = await newPod([people[0]!.id]);
    const before = (
      await call('GET', `/api/contacts?page=1&perPage=5&notInPod=${pod}&q=Person0001`)
    ).json();
    expect(before.total).toBe(10); // Person00010 .. Person00019
    const response = await call('POST', `/api/pods/${pod}/members`, {
      matching: { q: 'Person0001', status: 'active' },
    });
    // Every 10th bulk contact is inactive (Person00010), and every 100th is staff.
    expect(response.json()).toMatchObject({ added: 9, reactivated: 0, notAdded: [] });
    const after = (
      await call('GET', `/api/contacts?page=1&perPage=5&notInPod=${pod}&q=Person0001`)
    ).json();
    expect(after.total).toBe(1);
    expect(after.contacts[0].status).toBe('inactive');
  });
});
