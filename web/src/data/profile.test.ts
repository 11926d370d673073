import { paths } from '@fit/shared/model';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import { describe, expect, it } from 'vitest';
import { saveAccountProfile } from './profile.ts';

// The rules take a profile's email, when first set, only as the ID token's: the session's email.
describe('saveAccountProfile on a profile without its identity (the sign-up write failed)', () => {
  it("fills the session's email with the uid and the time", async () => {
    const store = new MemoryStore({ [paths.user('kim')]: { currentWeight: 180 } });
    await saveAccountProfile(
      store,
      'kim',
      { displayName: 'Kim' },
      { stored: null, email: 'kim@example.com', now: 5 },
    );
    expect((await store.get(paths.user('kim')))?.data).toEqual({
      currentWeight: 180,
      userId: 'kim',
      email: 'kim@example.com',
      createdAt: 5,
      displayName: 'Kim',
    });
  });

  it('writes no email for an account without one', async () => {
    const store = new MemoryStore();
    await saveAccountProfile(store, 'kim', { displayName: 'Kim' }, { stored: null, email: null, now: 5 });
    expect((await store.get(paths.user('kim')))?.data).toEqual({
      userId: 'kim',
      createdAt: 5,
      displayName: 'Kim',
    });
  });
});
