/**
 * Account deletion in local mode, final as in Firebase mode:
 * - `deleteAccount(uid)` (the deleteAccount endpoint): the user's live streams closed, the shared
 *   idempotent cascade (`deleteAccountData`: tombstone, projections, documents), then the auth
 *   user, whose tokens the verifier refuses from then on (no cache window).
 * - `resume()` at start: a deletion interrupted between its tombstone and the auth delete (a
 *   crash) is completed: every tombstoned uid that still has an account is deleted again.
 * - `sweep()`, at start and every `sweepMs`: the local stand-in for Firebase mode's auth onDelete
 *   trigger. Users that own documents but have no account any more (deleted directly in the Auth
 *   emulator) get the same cascade.
 * The cascade runs on this thread against a store that yields to the event loop before each of its
 * reads and writes (bounded pages), so other requests are answered while a large account goes.
 */
import { paths } from '@fit/shared/model';
import { deleteAccountData, type ReactionEnv } from '@fit/shared/reactions/index';
import { type ReactionStore, StoreError } from '@fit/shared/store';
import type { TokenVerifier } from './auth.ts';
import type { SqliteStore } from './sqlite-store.ts';

export interface AccountDeletionDeps {
  store: SqliteStore;
  verifier: TokenVerifier;
  /** Closes the live streams of a user (the app's hook). */
  closeStreamsOf(uid: string): void;
  timeZone: string;
  now?: () => number;
  log?: (message: string) => void;
}

/** How many uids one existence check asks the emulator about (firebase-admin's getUsers limit). */
const CHECK_BATCH = 100;
/** More users than this found gone in one sweep, and over half of the owners: the sweep holds back. */
const MASS_LOSS = 5;

/** `reason` of a tombstone written by the sweep (the account was found missing). */
const ACCOUNT_MISSING = 'account-missing';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

export class AccountDeletions {
  private readonly inFlight = new Map<string, Promise<void>>();
  private sweeping: Promise<string[]> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly log: (message: string) => void;
  private readonly now: () => number;

  constructor(private readonly deps: AccountDeletionDeps) {
    this.log = deps.log ?? ((m) => console.error(m));
    this.now = deps.now ?? Date.now;
  }

  /** A store that lets the event loop run before each operation, and stops when the server does. */
  private env(): ReactionEnv {
    const store = this.deps.store;
    const gate = async () => {
      await tick();
      if (this.stopped)
        throw new StoreError(
          'unavailable',
          'The server is stopping; the deletion resumes at its next start.',
        );
    };
    // Each operation of the store, once the gate opens.
    const gated =
      <A extends unknown[], R>(op: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        await gate();
        return op(...args);
      };
    const yielding: ReactionStore = {
      get: gated((path) => store.get(path)),
      query: gated((spec) => store.query(spec)),
      aggregate: gated((spec, aggregate) => store.aggregate(spec, aggregate)),
      commit: gated((writes) => store.commit(writes)),
      transact: async (fn) => {
        await gate();
        return store.transact(fn);
      },
    };
    return { store: yielding, now: this.now(), timeZone: this.deps.timeZone };
  }

  /** One deletion per uid at a time: a second caller shares the running one. */
  private once(uid: string, work: () => Promise<void>): Promise<void> {
    const running = this.inFlight.get(uid);
    if (running) return running;
    const promise = work().finally(() => this.inFlight.delete(uid));
    this.inFlight.set(uid, promise);
    return promise;
  }

  /** The whole deletion of an account; idempotent, so a retry completes an interrupted one. */
  deleteAccount(uid: string): Promise<void> {
    return this.once(uid, async () => {
      this.deps.closeStreamsOf(uid);
      await deleteAccountData(this.env(), uid);
      await this.deps.verifier.deleteUser(uid);
      // Streams opened while the cascade ran.
      this.deps.closeStreamsOf(uid);
    });
  }

  /**
   * The cascade for a user whose account is already gone (deleted in the emulator). Its tombstone
   * says so: `resume()` never deletes the account of such a tombstone (were it back, something
   * is wrong, and deleting it would only make it worse).
   */
  private deleteOrphan(uid: string): Promise<void> {
    return this.once(uid, async () => {
      this.deps.verifier.forget(uid);
      this.deps.closeStreamsOf(uid);
      const env = this.env();
      if (!(await env.store.get(paths.tombstone(uid))))
        await env.store.commit([
          {
            kind: 'set',
            path: paths.tombstone(uid),
            data: { uid, deletedAt: env.now, reason: ACCOUNT_MISSING },
          },
        ]);
      await deleteAccountData(env, uid);
      this.deps.closeStreamsOf(uid);
    });
  }

  /** Completes deletions interrupted after their tombstone: returns the uids completed. */
  async resume(): Promise<string[]> {
    const completed: string[] = [];
    let after = '';
    for (;;) {
      await tick();
      const rows = this.tombstonedAfter(after, CHECK_BATCH);
      if (rows.length === 0) break;
      after = (rows[rows.length - 1] as { uid: string }).uid;
      const uids = rows.filter((r) => r.reason !== ACCOUNT_MISSING).map((r) => r.uid);
      const swept = rows.filter((r) => r.reason === ACCOUNT_MISSING).map((r) => r.uid);
      for (const uid of swept.length > 0 ? await this.present(swept) : [])
        this.log(
          `account deletion: ${uid} was swept as deleted in the Auth emulator but has an account again; left as it is.`,
        );
      const missing = new Set(await this.deps.verifier.missingUsers(uids));
      for (const uid of uids) {
        if (missing.has(uid)) continue;
        await this.deleteAccount(uid);
        completed.push(uid);
      }
    }
    if (completed.length > 0)
      this.log(`account deletion: completed ${completed.length} deletion(s) interrupted before a restart.`);
    return completed;
  }

  /** The backstop: cascades for users that own documents but have no account. Returns their uids. */
  sweep(): Promise<string[]> {
    if (!this.sweeping)
      this.sweeping = this.sweepOnce().finally(() => {
        this.sweeping = null;
      });
    return this.sweeping;
  }

  private async sweepOnce(): Promise<string[]> {
    const owners = await this.owners();
    if (owners.length === 0) return [];
    // An emulator with no account at all while documents have owners has lost or not yet loaded
    // its accounts (a wiped export): deleting everyone's data would be the wrong answer.
    if (!(await this.deps.verifier.hasAnyAccount())) {
      this.log(
        `account sweep: the Auth emulator has no accounts while ${owners.length} user(s) own documents; nothing deleted (was its export removed?).`,
      );
      return [];
    }
    const missing: string[] = [];
    for (let i = 0; i < owners.length && !this.stopped; i += CHECK_BATCH)
      missing.push(...(await this.deps.verifier.missingUsers(owners.slice(i, i + CHECK_BATCH))));
    // Most owners gone at once looks like an emulator that lost its accounts, not like deletions.
    if (missing.length > MASS_LOSS && missing.length * 2 > owners.length) {
      this.log(
        `account sweep: ${missing.length} of ${owners.length} users that own documents have no account in the Auth emulator; nothing deleted (were its accounts lost?).`,
      );
      return [];
    }
    const gone: string[] = [];
    for (const uid of missing) {
      if (this.stopped) break;
      await this.deleteOrphan(uid);
      gone.push(uid);
    }
    if (gone.length > 0)
      this.log(`account sweep: removed the data of ${gone.length} user(s) deleted in the Auth emulator.`);
    return gone;
  }

  /**
   * Uids that own documents under `users/`: profiles, and the parents of subcollection documents
   * found by skipping from one uid to the next on the parent index (one index seek per owner).
   */
  private async owners(): Promise<string[]> {
    const db = this.deps.store.db;
    const uids = new Set<string>();
    const profiles = db.prepare(
      "SELECT path FROM docs WHERE parent = 'users' AND path > ? ORDER BY path LIMIT 500",
    );
    let after = '';
    for (;;) {
      const rows = profiles.all(after) as { path: string }[];
      for (const { path } of rows) uids.add(path.slice('users/'.length));
      const last = rows[rows.length - 1];
      if (!last || rows.length < 500) break;
      after = last.path;
      await tick();
    }
    const next = db.prepare(
      "SELECT parent FROM docs WHERE parent >= ? AND parent < 'users0' ORDER BY parent LIMIT 1",
    );
    let bound = 'users/';
    for (let n = 1; ; n++) {
      const row = next.get(bound) as { parent: string } | undefined;
      if (!row) break;
      const rest = row.parent.slice('users/'.length);
      const slash = rest.indexOf('/');
      if (slash <= 0) break; // not `users/{uid}/{collection}`: nothing of a user beyond
      const uid = rest.slice(0, slash);
      uids.add(uid);
      // Every `users/{uid}/...` sorts below `users/{uid}0` ('/' < '0'): the next uid starts there.
      bound = `users/${uid}0`;
      if (n % 200 === 0) await tick();
    }
    return [...uids];
  }

  private tombstonedAfter(after: string, limit: number): { uid: string; reason: unknown }[] {
    const rows = this.deps.store.db
      .prepare(
        "SELECT path, json_extract(data, '$.reason') AS reason FROM docs WHERE parent = 'tombstones' AND path > ? ORDER BY path LIMIT ?",
      )
      .all(after ? paths.tombstone(after) : '', limit) as { path: string; reason: unknown }[];
    return rows.map((r) => ({ uid: r.path.slice('tombstones/'.length), reason: r.reason }));
  }

  private async present(uids: string[]): Promise<string[]> {
    const missing = new Set(await this.deps.verifier.missingUsers(uids));
    return uids.filter((uid) => !missing.has(uid));
  }

  /**
   * Resumes interrupted deletions now; with `sweepMs` > 0 also sweeps now and then every `sweepMs`
   * (0: no sweep, for data made without accounts: the benchmark's synthetic users, tests).
   */
  start(sweepMs: number): void {
    const run = async () => {
      try {
        await this.resume();
        if (sweepMs > 0) await this.sweep();
      } catch (error) {
        if (!this.stopped) this.log(`account sweep: ${(error as Error).message} (retried later)`);
      }
    };
    void run();
    if (sweepMs > 0) {
      this.timer = setInterval(() => {
        void this.sweep().catch((error) => {
          if (!this.stopped) this.log(`account sweep: ${(error as Error).message} (retried later)`);
        });
      }, sweepMs);
      this.timer.unref();
    }
  }

  /** Stops the timer; running cascades stop at their next page (they resume at the next start). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.allSettled([...this.inFlight.values(), this.sweeping]);
  }
}
