import { paths } from '@fit/shared/model';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { describe, expect, it } from 'vitest';
import { markRead } from './social.ts';

const UID = 'u1';
const note = { kind: 'kudos', read: false, fromName: 'Ann', createdAt: 1 };

describe('markRead', () => {
  it('marks the others when one was deleted meanwhile, and fails only when none could be', async () => {
    const store = new MemoryStore({
      [paths.notification(UID, 'n1')]: note,
      [paths.notification(UID, 'n2')]: note,
    });
    await markRead(store, UID, ['n1', 'gone', 'n2']);
    expect((await store.get(paths.notification(UID, 'n1')))?.data.read).toBe(true);
    expect((await store.get(paths.notification(UID, 'n2')))?.data.read).toBe(true);
    expect(await store.get(paths.notification(UID, 'gone'))).toBeNull();
    await expect(markRead(store, UID, ['gone', 'also-gone'])).rejects.toMatchObject({ code: 'not-found' });
  });
});
