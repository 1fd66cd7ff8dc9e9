import type { Caller } from '@dinebuds/contracts';

/** How long a resolved session is remembered by default (SESSION_CACHE_TTL_MS; 0: not at all). */
export const DEFAULT_SESSION_CACHE_TTL_MS = 10_000;
/** Sessions remembered at most by default (SESSION_CACHE_MAX_ENTRIES); the oldest go first. */
export const DEFAULT_SESSION_CACHE_MAX_ENTRIES = 50_000;

/**
 * Whether the notices of identity.user.access-changed reach this process, as the events
 * library's Listener tells it: `generation` changes whenever notices may have been missed.
 */
export interface AccessNotices {
  readonly live: boolean;
  readonly generation: number;
}

/** Taken before asking identity; a resolve answered after a revocation notice is not kept. */
export interface ResolveTicket {
  readonly generation: number;
  readonly forgets: number;
}

interface Remembered {
  caller: Caller;
  expiresAt: number;
  generation: number;
}

/**
 * Resolved sessions (cookie secret -> caller) for a few seconds, so a signed-in request costs no
 * call to identity. Trusted only while revocation notices arrive: identity publishes
 * identity.user.access-changed whenever a session ends or a role changes, and the cache forgets
 * the user's sessions at once; while the notices' listener is down, or after it was down (its
 * generation moved), nothing remembered is used. The lifetime bounds what a lost notice could
 * cost, and no session is remembered past its own end. Entries share one lifetime, so the Map's
 * insertion order is their expiry order, but for a session that ends sooner (get() checks each).
 */
export class SessionCache {
  private readonly sessions = new Map<string, Remembered>();
  /** User id -> their remembered secrets: a notice forgets them without a scan. */
  private readonly byUser = new Map<number, Set<string>>();
  /** Counts forgets: a resolve that overlapped one may hold what was just revoked. */
  private forgets = 0;
  /** Lookups answered from here (hit) or left to identity (miss), for the metrics. */
  readonly lookups = { hit: 0, miss: 0 };

  constructor(
    protected notices: AccessNotices | null,
    private readonly ttlMs = DEFAULT_SESSION_CACHE_TTL_MS,
    private readonly maxEntries = DEFAULT_SESSION_CACHE_MAX_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {}

  /** The caller of a session remembered and still trustworthy, else null (ask identity). */
  get(token: string): Caller | null {
    const caller = this.usable(token);
    if (caller) this.lookups.hit++;
    else this.lookups.miss++;
    return caller;
  }

  /** Before asking identity about a session: what remember() checks nothing changed since. */
  ticket(): ResolveTicket {
    return { generation: this.notices?.generation ?? 0, forgets: this.forgets };
  }

  /**
   * Keeps identity's answer, unless a notice arrived or could have been missed meanwhile; never
   * past `sessionEndsAt` (ms since the epoch), when the session itself ends unless used again.
   */
  remember(token: string, caller: Caller, ticket: ResolveTicket, sessionEndsAt = Infinity): void {
    if (!this.trusted() || this.notices?.generation !== ticket.generation) return;
    if (this.forgets !== ticket.forgets) return;
    const now = this.now();
    this.dropExpired(now);
    this.drop(token);
    const expiresAt = Math.min(now + this.ttlMs, sessionEndsAt);
    if (!(expiresAt > now)) return;
    this.sessions.set(token, { caller, expiresAt, generation: ticket.generation });
    const tokens = this.byUser.get(caller.userId) ?? new Set<string>();
    this.byUser.set(caller.userId, tokens.add(token));
    if (this.sessions.size > this.maxEntries) {
      const oldest = this.sessions.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
  }

  /** Every remembered session of the user (a notice, or a change made through this gateway). */
  forgetUser(userId: number): void {
    this.forgets++;
    for (const token of this.byUser.get(userId) ?? []) this.drop(token);
  }

  /** One session (signed out through this gateway). */
  forgetSession(token: string): void {
    this.forgets++;
    this.drop(token);
  }

  get size(): number {
    return this.sessions.size;
  }

  /** The remembered caller while it may be used; an entry that may not is dropped. */
  private usable(token: string): Caller | null {
    const entry = this.sessions.get(token);
    if (!entry) return null;
    if (!this.trusted() || entry.generation !== this.notices?.generation || entry.expiresAt <= this.now()) {
      this.drop(token);
      return null;
    }
    return entry.caller;
  }

  private trusted(): boolean {
    return this.ttlMs > 0 && this.notices !== null && this.notices.live;
  }

  private dropExpired(now: number): void {
    for (const [token, entry] of this.sessions) {
      if (entry.expiresAt > now) return;
      this.drop(token);
    }
  }

  private drop(token: string): void {
    const entry = this.sessions.get(token);
    if (!entry) return;
    this.sessions.delete(token);
    const tokens = this.byUser.get(entry.caller.userId);
    tokens?.delete(token);
    if (tokens?.size === 0) this.byUser.delete(entry.caller.userId);
  }
}
