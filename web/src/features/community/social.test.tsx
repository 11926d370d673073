/** Kudos and comments on the community page, over the in-memory store. */
import { paths } from '@fit/shared/model';
import { DOCUMENT_NAME, StoreError } from '@fit/shared/store';
import { MESSAGES } from '@fit/shared/validation';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { feedPost, ME, MemoryStore, NOW, renderPage } from '../../../test/community.tsx';

const seed = () =>
  new MemoryStore({
    [paths.user(ME.uid)]: { userId: ME.uid, displayName: 'Me Myself' },
    ...feedPost('ann', 'p1', 'Their post', NOW - 120_000, 'Ann'),
    ...feedPost(ME.uid, 'p2', 'My post', NOW - 60_000, 'Me Myself'),
    [paths.engagement('feedPosts', 'ann', 'p1')]: {
      feed: 'feedPosts',
      owner: 'ann',
      itemId: 'ann_p1',
      kudos: 2,
      kudosBy: [
        { uid: 'bo', userName: 'Bo' },
        { uid: 'cy', userName: 'Cy' },
      ],
      comments: 0,
      asOf: NOW,
    },
  });

async function item(text: string): Promise<HTMLElement> {
  const list = await screen.findByRole('list', { name: 'Posts' });
  const found = [...list.querySelectorAll<HTMLElement>(':scope > li')].find((li) =>
    li.textContent?.includes(text),
  );
  if (!found) throw new Error(`no post with ${text}`);
  return found;
}

describe('kudos and comments', () => {
  it("gives and takes back kudos on another's post; none on one's own", async () => {
    const store = seed();
    renderPage(store);
    const theirs = await item('Their post');
    const give = await within(theirs).findByRole('button', { name: "2 kudos for Ann's post" });
    expect(give.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(give);
    await waitFor(() =>
      expect(store.snapshot()[paths.kudosOf('feedPosts', 'ann', 'p1', ME.uid)]).toMatchObject({
        uid: ME.uid,
        owner: 'ann',
        userName: 'Me Myself',
      }),
    );
    await userEvent.click(
      await within(theirs).findByRole('button', { name: /kudos for Ann's post/, pressed: true }),
    );
    await waitFor(() =>
      expect(store.snapshot()[paths.kudosOf('feedPosts', 'ann', 'p1', ME.uid)]).toBeUndefined(),
    );
    const mine = await item('My post');
    expect(within(mine).queryByRole('button', { name: /kudos for/ })).toBeNull();
    expect(within(mine).getByLabelText('0 kudos on your post')).toBeTruthy();
  });

  it('my kudos older than my newest 100 shows as given at once', async () => {
    const store = seed();
    const older = { uid: ME.uid, owner: 'ann', userName: 'Me Myself', timestamp: NOW - 10_000 };
    await store.commit([
      { kind: 'set', path: paths.kudosOf('feedPosts', 'ann', 'p1', ME.uid), data: older },
      ...Array.from({ length: 100 }, (_, i) => ({
        kind: 'set' as const,
        path: paths.kudosOf('feedPosts', 'zed', `z${i}`, ME.uid),
        data: { ...older, owner: 'zed', timestamp: NOW - 5000 + i },
      })),
    ]);
    renderPage(store);
    const theirs = await item('Their post');
    expect(
      await within(theirs).findByRole('button', { name: "2 kudos for Ann's post", pressed: true }),
    ).toBeTruthy();
  });

  it('a new post arriving keeps the shown counts and pressed kudos while the reads re-aim', async () => {
    const store = seed();
    const mine = { uid: ME.uid, owner: 'ann', userName: 'Me Myself', timestamp: NOW - 10_000 };
    await store.commit([{ kind: 'set', path: paths.kudosOf('feedPosts', 'ann', 'p1', ME.uid), data: mine }]);
    renderPage(store);
    const theirs = await item('Their post');
    const pressed = await within(theirs).findByRole('button', {
      name: "2 kudos for Ann's post",
      pressed: true,
    });
    const seen = new Set<string>();
    const watch = new MutationObserver(() =>
      seen.add(`${pressed.getAttribute('aria-label')} ${pressed.getAttribute('aria-pressed')}`),
    );
    watch.observe(pressed, { attributes: true });
    const post = feedPost('bo', 'p3', 'A new post', NOW - 1000, 'Bo');
    await store.commit(Object.entries(post).map(([path, data]) => ({ kind: 'set' as const, path, data })));
    await within(await waitFor(() => item('A new post'))).findByRole('button', {
      name: "0 kudos for Bo's post",
      pressed: false,
    });
    watch.disconnect();
    expect([...seen].filter((s) => s !== "2 kudos for Ann's post true")).toEqual([]);
    expect(pressed.isConnected).toBe(true);
  });

  it('reads my kudos on the shown items of others with one query per feed, none per item', async () => {
    const store = seed();
    const listen = vi.spyOn(store, 'listen');
    const listenDoc = vi.spyOn(store, 'listenDoc');
    renderPage(store);
    await within(await item('Their post')).findByRole('button', { name: "2 kudos for Ann's post" });
    const kudosReads = listen.mock.calls.map((c) => c[0]).filter((spec) => spec.collection === 'kudos');
    // My own post takes no kudos of mine: only Ann's is asked for; no activities shown, no query.
    expect(kudosReads).toEqual([
      {
        collection: 'kudos',
        group: true,
        where: [
          { field: 'uid', op: '==', value: ME.uid },
          { field: DOCUMENT_NAME, op: 'in', value: [paths.kudosOf('feedPosts', 'ann', 'p1', ME.uid)] },
        ],
        limit: 30,
      },
    ]);
    expect(listenDoc.mock.calls.filter((c) => c[0].includes('/kudos/'))).toEqual([]);
  });

  it('kudos given before its read answered (another tab) is refused without a failure', async () => {
    const store = seed();
    const mineOnP1 = paths.kudosOf('feedPosts', 'ann', 'p1', ME.uid);
    const older = { uid: ME.uid, owner: 'ann', userName: 'Me Myself', timestamp: NOW - 10_000 };
    await store.commit([{ kind: 'set', path: mineOnP1, data: older }]);
    // The read of my kudos on the shown items has not answered yet.
    const listen = store.listen.bind(store);
    vi.spyOn(store, 'listen').mockImplementation((spec, onNext, onError) =>
      spec.collection === 'kudos' ? () => {} : listen(spec, onNext, onError),
    );
    // As the rules do: a second kudos of the same giver is a change, refused.
    const commit = store.commit.bind(store);
    const tried = vi.spyOn(store, 'commit').mockImplementation(async (writes) => {
      if (writes.some((w) => w.kind === 'set' && w.path === mineOnP1) && (await store.get(mineOnP1)))
        throw new StoreError('permission-denied', 'Missing or insufficient permissions.');
      return commit(writes);
    });
    renderPage(store);
    const theirs = await item('Their post');
    const give = await within(theirs).findByRole('button', { name: "2 kudos for Ann's post" });
    await userEvent.click(give);
    await waitFor(() => expect(tried).toHaveBeenCalled());
    await waitFor(() => expect(give).toBeEnabled());
    expect(within(theirs).queryByRole('alert')).toBeNull();
    expect(store.snapshot()[mineOnP1]).toEqual(older);
  });

  it('kudos and a comment sent before my name has loaded carry it', async () => {
    const store = seed();
    // The page's read of my profile has not answered yet (a click right after a page load).
    const listenDoc = store.listenDoc.bind(store);
    vi.spyOn(store, 'listenDoc').mockImplementation((path, onNext, onError) =>
      path === paths.user(ME.uid) ? () => {} : listenDoc(path, onNext, onError),
    );
    renderPage(store);
    const theirs = await item('Their post');
    await userEvent.click(await within(theirs).findByRole('button', { name: "2 kudos for Ann's post" }));
    await waitFor(() =>
      expect(store.snapshot()[paths.kudosOf('feedPosts', 'ann', 'p1', ME.uid)]).toMatchObject({
        userName: 'Me Myself',
      }),
    );
    await userEvent.click(within(theirs).getByRole('button', { name: "0 comments and kudos on Ann's post" }));
    const dialog = await screen.findByRole('dialog', { name: 'Kudos and comments' });
    fireEvent.change(within(dialog).getByLabelText('Add a comment'), { target: { value: 'Quick one' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Comment' }));
    const comments = () => Object.entries(store.snapshot()).filter(([p]) => p.includes('/comments/'));
    await waitFor(() => expect(comments()).toHaveLength(1));
    expect(comments()[0]?.[1]).toMatchObject({ userName: 'Me Myself', message: 'Quick one' });
  });

  it('a person with no display name is told to set one, and no kudos or comment is written', async () => {
    const store = seed();
    await store.commit([
      { kind: 'set', path: paths.user(ME.uid), data: { userId: ME.uid, displayName: '' } },
    ]);
    renderPage(store);
    const theirs = await item('Their post');
    await userEvent.click(await within(theirs).findByRole('button', { name: "2 kudos for Ann's post" }));
    expect(await within(theirs).findByRole('alert')).toHaveTextContent(MESSAGES.socialNoName);
    await userEvent.click(within(theirs).getByRole('button', { name: "0 comments and kudos on Ann's post" }));
    const dialog = await screen.findByRole('dialog', { name: 'Kudos and comments' });
    fireEvent.change(within(dialog).getByLabelText('Add a comment'), { target: { value: 'Hello' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Comment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.socialNoName);
    expect(Object.keys(store.snapshot()).filter((p) => /\/(kudos|comments)\//.test(p))).toEqual([]);
  });

  it('an unverified person is told why kudos are refused, and nothing is written', async () => {
    const store = seed();
    renderPage(store, {}, { ...ME, emailVerified: false });
    const theirs = await item('Their post');
    await userEvent.click(await within(theirs).findByRole('button', { name: "2 kudos for Ann's post" }));
    expect(await within(theirs).findByRole('alert')).toHaveTextContent(MESSAGES.socialUnverified);
    expect(Object.keys(store.snapshot()).filter((p) => p.includes('/kudos/'))).toEqual([]);
  });

  it('refuses a blank or too long comment with a message and writes nothing; sends a good one', async () => {
    const store = seed();
    renderPage(store);
    const theirs = await item('Their post');
    await userEvent.click(within(theirs).getByRole('button', { name: "0 comments and kudos on Ann's post" }));
    const dialog = await screen.findByRole('dialog', { name: 'Kudos and comments' });
    expect(within(dialog).getByText(/Kudos from Bo, Cy\./)).toBeTruthy();
    const field = within(dialog).getByLabelText('Add a comment');
    const send = within(dialog).getByRole('button', { name: 'Comment' });
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(send);
    expect(await within(dialog).findByText('Comment cannot be empty.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'x'.repeat(501) } });
    fireEvent.click(send);
    expect(await within(dialog).findByText('Comment cannot exceed 500 characters.')).toBeTruthy();
    const comments = () => Object.keys(store.snapshot()).filter((p) => p.includes('/comments/'));
    expect(comments()).toEqual([]);
    fireEvent.change(field, { target: { value: ' Nice one ' } });
    fireEvent.click(send);
    await waitFor(() => expect(comments()).toHaveLength(1));
    expect(store.snapshot()[comments()[0] as string]).toMatchObject({ message: 'Nice one', owner: 'ann' });
    expect(await within(dialog).findByRole('button', { name: 'Delete comment by Me Myself' })).toBeTruthy();
  });
});

describe('an item named in the address (a notification opened)', () => {
  it("opens the comments of one's own post with its counts, and closing drops it from the address", async () => {
    const store = seed();
    await store.commit([
      // An older post than the feed shows, still there.
      {
        kind: 'set',
        path: paths.post(ME.uid, 'p9'),
        data: { message: 'Older', timestamp: NOW - 86_400_000 },
      },
      {
        kind: 'set',
        path: paths.comment('feedPosts', ME.uid, 'p9', 'c1'),
        data: { uid: 'ann', owner: ME.uid, userName: 'Ann', message: 'Strong work', timestamp: NOW - 1000 },
      },
      {
        kind: 'set',
        // An older post than the feed shows: its counts are read on their own.
        path: paths.engagement('feedPosts', ME.uid, 'p9'),
        data: {
          feed: 'feedPosts',
          owner: ME.uid,
          itemId: `${ME.uid}_p9`,
          kudos: 1,
          kudosBy: [{ uid: 'ann', userName: 'Ann' }],
          comments: 1,
          asOf: NOW,
        },
      },
    ]);
    renderPage(store, {}, ME, '/community?show=following&post=p9');
    const dialog = await screen.findByRole('dialog', { name: 'Kudos and comments' });
    await within(dialog).findByText('Strong work');
    await within(dialog).findByText('On your post. Kudos from Ann.');
    expect(within(dialog).getByLabelText('Add a comment')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    ['post', 'feedPosts', 'This post is not there. It may have been deleted.'],
    ['activity', 'feedActivities', 'This activity is not there. It may have been deleted.'],
  ] as const)('?%s= naming no item says so, with nothing to submit', async (param, feed, says) => {
    const store = seed();
    // Deleted, its comments not yet swept (the grace period of an Undo).
    await store.commit([
      {
        kind: 'set',
        path: paths.comment(feed, ME.uid, 'gone', 'c1'),
        data: { uid: 'ann', owner: ME.uid, userName: 'Ann', message: 'Strong work', timestamp: NOW - 1000 },
      },
    ]);
    // The counts listeners open now: none for the missing item once it is known to be gone.
    const open = new Set<string>();
    let started = 0;
    const listen = store.listen.bind(store);
    vi.spyOn(store, 'listen').mockImplementation((spec, onNext, onError) => {
      const token = `${JSON.stringify(spec.where)}#${started++}`;
      open.add(token);
      const stop = listen(spec, onNext, onError);
      return () => {
        open.delete(token);
        stop();
      };
    });
    renderPage(store, {}, ME, `/community?${param}=gone`);
    const dialog = await screen.findByRole('dialog', { name: 'Kudos and comments' });
    await within(dialog).findByText(says);
    await waitFor(() => expect([...open].filter((t) => t.includes(`${ME.uid}_gone`))).toEqual([]));
    expect(within(dialog).queryByText('Strong work')).toBeNull();
    expect(within(dialog).queryByLabelText('Add a comment')).toBeNull();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Close']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    ['a path into the post', 'p2/kudos/ann'],
    ['an odd path', 'a/b'],
    ['a reserved id', '__x__'],
  ])('?post= naming %s says the post is not there, reading nothing', async (_, id) => {
    const store = seed();
    // Someone's kudos on my post: a document the link must not open as if it were a post.
    await store.commit([
      {
        kind: 'set',
        path: paths.kudosOf('feedPosts', ME.uid, 'p2', 'ann'),
        data: { uid: 'ann', timestamp: NOW },
      },
    ]);
    renderPage(store, {}, ME, `/community?post=${encodeURIComponent(id)}`);
    const dialog = await screen.findByRole('dialog', { name: 'Kudos and comments' });
    await within(dialog).findByText('This post is not there. It may have been deleted.');
    expect(within(dialog).queryByLabelText('Add a comment')).toBeNull();
  });

  it('opens nothing for an id the address does not give', async () => {
    renderPage(seed(), {}, ME, '/community?post=');
    await item('My post');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
