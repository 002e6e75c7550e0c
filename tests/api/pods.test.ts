import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podMembers, pods } from '../../src/server/db/schema';
import { messages } from '../../src/shared/messages';
import { createUser, startSignedInApp } from './helpers/app';

let ctx: Awaited<ReturnType<typeof startSignedInApp>>;
let participants: string[];
let host: { id: string; name: string };

beforeAll(async () => {
  ctx = await startSignedInApp();
  participants = [];
  for (let i = 0; i < 3; i++)
    participants.push((await createUser(ctx.db, { role: 'participant' })).user.id);
  const h = (await createUser(ctx.db, { role: 'host', firstName: 'Hugo', lastName: 'Host' })).user;
  host = { id: h.id, name: 'Hugo Host' };
});
afterAll(() => ctx.close());

const post = (body: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/pods', payload: body as object, headers: ctx.auth });
const podCount = async () => (await ctx.db.select({ n: count() }).from(pods))[0]!.n;
const members = (ids: string[]) => ids.map((userId) => ({ userId, role: 'participant' }));

describe('POST /api/pods', () => {
  it('creates the pod with every selected participant', async () => {
    const response = await post({
      podId: ' POD-20260314-091500 ',
      podName: ' Spring Cohort ',
      members: members(participants),
    });
    expect(response.statusCode).toBe(201);
    const { pod } = response.json();
    expect(pod).toMatchObject({
      podId: 'POD-20260314-091500',
      podName: 'Spring Cohort',
      status: 'active',
      activeMemberCount: 3,
    });
    expect(pod._id).toBe(pod.id);
    const rows = await ctx.db.select().from(podMembers).where(eq(podMembers.podId, pod.id));
    expect(rows.map((r) => r.userId).sort()).toEqual([...participants].sort());
    expect(rows.every((r) => r.role === 'participant' && r.status === 'active')).toBe(true);
  });

  it('counts a contact selected twice once', async () => {
    const response = await post({
      podId: 'POD-TWICE',
      podName: 'Twice',
      members: members([participants[0]!, participants[0]!]),
    });
    expect(response.json().pod.activeMemberCount).toBe(1);
  });

  it.each([
    ['no pod id', { podId: '', podName: 'A' }],
    ['a blank pod name', { podId: 'POD-X', podName: '   ' }],
    ['neither', {}],
  ])('refuses %s with the spec message', async (_case, details) => {
    const response = await post({ ...details, members: members(participants) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(messages.pods.idAndNameRequired);
  });

  it('needs at least one contact', async () => {
    for (const body of [
      { podId: 'P', podName: 'N', members: [] },
      { podId: 'P', podName: 'N' },
    ]) {
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(messages.pods.selectAtLeastOne);
    }
  });

  it('creates nothing when one selected contact is not a participant', async () => {
    const before = await podCount();
    const response = await post({
      podId: 'POD-MIXED',
      podName: 'Mixed',
      members: members([...participants, host.id]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(`Only participants can be pod members: ${host.name}`);
    expect(await podCount()).toBe(before);
  });

  it('creates nothing when a contact does not exist', async () => {
    const before = await podCount();
    const missing = '00000000-0000-4000-8000-000000000000';
    const response = await post({
      podId: 'POD-MISSING',
      podName: 'Missing',
      members: members([participants[0]!, missing]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(`These contacts do not exist: ${missing}`);
    expect(await podCount()).toBe(before);
  });

  it('refuses a pod id that is taken, with 409, leaving the first pod as it was', async () => {
    await post({ podId: 'POD-TAKEN', podName: 'First', members: members([participants[0]!]) });
    const response = await post({
      podId: 'POD-TAKEN',
      podName: 'Second',
      members: members(participants),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'A pod with the ID "POD-TAKEN" already exists.' });
    const [first] = await ctx.db.select().from(pods).where(eq(pods.podId, 'POD-TAKEN'));
    expect(first!.podName).toBe('First');
    expect(
      (await ctx.db.select().from(podMembers).where(eq(podMembers.podId, first!.id))).length,
    ).toBe(1);
  });

  it('adds members only as participants', async () => {
    const response = await post({
      podId: 'POD-ROLE',
      podName: 'Role',
      members: [{ userId: participants[0], role: 'host' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('members.0.role');
  });
});
