/**
 * At most `count` tasks at a time: the others wait their turn, first come first served. A tiny
 * semaphore for work that holds the CPU or much memory while it runs.
 */
export function slots(count: number) {
  let free = count;
  const waiting: (() => void)[] = [];
  return async function inSlot<T>(task: () => Promise<T>): Promise<T> {
    if (free > 0) free -= 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, or becomes free.
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}
