interface Pending<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for a busy write: each item is written as soon as the write before it is done,
 * together with every other that arrived meanwhile, at most `max` by one `write`. Idle, an item
 * waits for nothing; busy, a hundred share one round trip. `write` answers each item's result, in
 * the group's order; a write that throws fails its whole group.
 */
export function createGroupCommit<T, R>(write: (group: T[]) => Promise<R[]>, max: number) {
  let queue: Pending<T, R>[] = [];
  let writing = false;

  async function drain() {
    writing = true;
    try {
      while (queue.length > 0) {
        const group = queue.slice(0, max);
        queue = queue.slice(max);
        try {
          const results = await write(group.map((p) => p.item));
          group.forEach((p, i) => p.resolve(results[i]!));
        } catch (error) {
          for (const p of group) p.reject(error);
        }
      }
    } finally {
      writing = false;
    }
  }

  return (item: T): Promise<R> =>
    new Promise((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!writing) void drain();
    });
}
