/**
 * How many requests each API key has made in its current minute, in this server process: a key
 * past `perMinute` is answered 429 until its minute ends. Counted in memory, not in the database,
 * so that a script's requests cost no write each; several server processes each allow the limit
 * (docs/api-keys.md). Only keys that exist are counted, so the map holds at most one entry per key.
 */
export function createApiKeyRequests(perMinute: number, windowMs = 60_000) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    perMinute,
    /** Counts a request of the key; answers 0, or the seconds to wait when it is over its limit. */
    take(keyId: string, now = Date.now()): number {
      let window = windows.get(keyId);
      if (!window || now - window.start >= windowMs) {
        window = { start: now, count: 0 };
        windows.set(keyId, window);
      }
      if (window.count >= perMinute)
        return Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
      window.count += 1;
      return 0;
    },
  };
}

export type ApiKeyRequests = ReturnType<typeof createApiKeyRequests>;
