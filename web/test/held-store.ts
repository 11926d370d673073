/**
 * A MemoryStore whose commits the test holds, as Firestore holds a write the server has not
 * answered (offline, or the server unreachable): the write is applied only when released, and a
 * refusal rejects it as the server's would. `hold = false` lets commits through at once.
 */
import { StoreError } from '@fit/shared/store';
import { MemoryStore } from '@fit/shared/testing/memory-store';

export class HeldStore extends MemoryStore {
  hold = true;
  private held: { apply: () => void; refuse: (error: StoreError) => void }[] = [];

  override commit(...args: Parameters<MemoryStore['commit']>): Promise<void> {
    if (!this.hold) return super.commit(...args);
    return new Promise<void>((resolve, reject) => {
      this.held.push({
        apply: () => super.commit(...args).then(resolve, reject),
        refuse: reject,
      });
    });
  }

  /** Commits waiting for the server. */
  get waiting(): number {
    return this.held.length;
  }

  /** The server confirms every held commit. */
  release(): void {
    for (const commit of this.held.splice(0)) commit.apply();
  }

  /** The server refuses every held commit (nothing is written). */
  refuse(code: StoreError['code'] = 'permission-denied'): void {
    for (const commit of this.held.splice(0)) commit.refuse(new StoreError(code, 'test: refused'));
  }
}
