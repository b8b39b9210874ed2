/**
 * Counts failed logins per key (alias + address) in a fixed window. After `maxFailures` the key is
 * refused until the window that began with its first failure ends. Memory is bounded: when full,
 * the oldest window (the first in the Map's insertion order) is dropped, which is also the next to
 * expire; the per-address rate limit keeps anyone from cycling through that many keys quickly.
 */
export interface ThrottleOptions {
  maxFailures: number;
  windowMs: number;
  maxKeys: number;
}

export const LOGIN_THROTTLE: ThrottleOptions = { maxFailures: 5, windowMs: 15 * 60_000, maxKeys: 10_000 };

export class LoginThrottle {
  private readonly entries = new Map<string, { failures: number; since: number }>();

  constructor(
    private readonly options: ThrottleOptions = LOGIN_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  get size() {
    return this.entries.size;
  }

  private current(key: string) {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.since >= this.options.windowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Whole seconds until `key` may try again; 0 when it may try now. */
  retryAfterSeconds(key: string): number {
    const entry = this.current(key);
    if (!entry || entry.failures < this.options.maxFailures) return 0;
    return Math.max(1, Math.ceil((entry.since + this.options.windowMs - this.now()) / 1000));
  }

  recordFailure(key: string) {
    const entry = this.current(key);
    if (entry) {
      entry.failures++;
      return;
    }
    if (this.entries.size >= this.options.maxKeys) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { failures: 1, since: this.now() });
  }

  reset(key: string) {
    this.entries.delete(key);
  }
}
