import { describe, expect, it } from 'vitest';
import { slots } from '../../src/server/imports/slots';

/** A task that runs until `finish` is called, noting how many tasks run beside it. */
function task(state: { running: number; most: number; started: number[] }, id: number) {
  let finish!: (value: number) => void;
  let fail!: (error: Error) => void;
  const run = () => {
    state.running += 1;
    state.most = Math.max(state.most, state.running);
    state.started.push(id);
    return new Promise<number>((resolve, reject) => {
      finish = (value) => {
        state.running -= 1;
        resolve(value);
      };
      fail = (error) => {
        state.running -= 1;
        reject(error);
      };
    });
  };
  return { run, finish: (value: number) => finish(value), fail: (error: Error) => fail(error) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('slots (at most n tasks at a time, e.g. the file scans)', () => {
  it('runs two at a time, the others in the order they came, each with its own result', async () => {
    const inSlot = slots(2);
    const state = { running: 0, most: 0, started: [] as number[] };
    const tasks = [1, 2, 3, 4, 5].map((id) => task(state, id));
    const results = tasks.map((t) => inSlot(t.run));
    await settle();
    expect(state.started).toEqual([1, 2]);

    tasks[1]!.finish(20);
    await settle();
    expect(state.started).toEqual([1, 2, 3]);
    tasks[0]!.finish(10);
    tasks[2]!.finish(30);
    await settle();
    expect(state.started).toEqual([1, 2, 3, 4, 5]);
    tasks[3]!.finish(40);
    tasks[4]!.finish(50);

    expect(await Promise.all(results)).toEqual([10, 20, 30, 40, 50]);
    expect(state.most).toBe(2);
  });

  it('frees the slot of a task that fails', async () => {
    const inSlot = slots(1);
    const state = { running: 0, most: 0, started: [] as number[] };
    const [first, second] = [1, 2].map((id) => task(state, id));
    const failed = inSlot(first!.run);
    const next = inSlot(second!.run);
    await settle();
    first!.fail(new Error('unreadable'));
    await expect(failed).rejects.toThrow('unreadable');
    await settle();
    expect(state.started).toEqual([1, 2]);
    second!.finish(2);
    expect(await next).toBe(2);
    expect(state.most).toBe(1);
  });
});
