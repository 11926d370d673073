import { validateDocument } from '@fit/shared/documents';
import type { DocData, WriteOp } from '@fit/shared/store';
import { StoreError } from '@fit/shared/store';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedPost, ME, MemoryStore, NOW, renderPage } from '../../../test/community.tsx';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The post list (plain DOM queries: role queries over 30 rich items are slow in jsdom). */
async function postList(): Promise<HTMLElement> {
  return waitFor(() => {
    const list = document.querySelector<HTMLElement>('ul[aria-label="Posts"]');
    if (!list) throw new Error('no post list yet');
    return list;
  });
}

function items(list: HTMLElement): HTMLElement[] {
  return [...list.querySelectorAll<HTMLElement>(':scope > li')];
}

function ownPostDocs(store: MemoryStore): [string, DocData][] {
  return Object.entries(store.snapshot()).filter(([path]) => path.startsWith(`users/${ME.uid}/posts/`));
}

class FailingCommitStore extends MemoryStore {
  override async commit(_writes: readonly WriteOp[]): Promise<void> {
    throw new StoreError('unavailable', 'offline');
  }
}

describe('Community Posts', () => {
  it('shows the newest 30 feed posts, newest first, with author names', async () => {
    const seed = {};
    for (let i = 0; i < 35; i++)
      Object.assign(seed, feedPost(`u${i}`, `p${i}`, `Message ${i}`, NOW - (35 - i) * 60_000));
    renderPage(new MemoryStore(seed));
    const list = await postList();
    const shown = items(list);
    expect(shown).toHaveLength(30);
    expect(shown[0]?.textContent).toContain('Message 34');
    expect(shown[0]?.textContent).toContain('User u34');
    expect(shown[0]?.textContent).toContain('1 min ago');
    expect(shown[29]?.textContent).toContain('Message 5');
    expect(list.textContent).not.toContain('Message 4');
  });

  it('lets the author delete their own post, after confirming, and only theirs', async () => {
    const store = new MemoryStore({
      ...feedPost('other', 'a', 'Their post', NOW - 120_000),
      ...feedPost(ME.uid, 'b', 'My post', NOW - 60_000, 'Me Myself'),
      [`users/${ME.uid}/posts/b`]: { message: 'My post', timestamp: NOW - 60_000 },
    });
    renderPage(store);
    const [mine, theirs] = items(await postList());
    expect(theirs && within(theirs).queryByRole('button', { name: 'Delete post' })).toBeNull();
    await userEvent.click(within(mine as HTMLElement).getByRole('button', { name: 'Delete post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(ownPostDocs(store)).toEqual([]));
    // Gone from this page at once; the feed reaction removes the feed item for everyone.
    await waitFor(() =>
      expect((document.querySelector('ul[aria-label="Posts"]') as HTMLElement).textContent).not.toContain(
        'My post',
      ),
    );
    // Its Delete button went with it: the focus is on the card's heading (no other own post), not <body>.
    await waitFor(() => expect(document.activeElement?.tagName).toMatch(/^H[1-6]$/));
    expect(document.activeElement?.textContent).toBe('Community Posts');
    await waitFor(() =>
      expect(document.querySelector('[data-removal-status]')?.textContent).toBe('Post deleted.'),
    );
  });

  it("says 'Failed to delete post. Please try again.' and keeps the post when the delete fails", async () => {
    const store = new FailingCommitStore({
      ...feedPost(ME.uid, 'b', 'My post', NOW - 60_000, 'Me Myself'),
    });
    renderPage(store);
    const [mine] = items(await postList());
    await userEvent.click(within(mine as HTMLElement).getByRole('button', { name: 'Delete post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete post. Please try again.')).toBeInTheDocument();
    expect((await postList()).textContent).toContain('My post');
  });

  it('styles own posts differently', async () => {
    renderPage(
      new MemoryStore({
        ...feedPost('other', 'a', 'Their post', NOW - 120_000),
        ...feedPost(ME.uid, 'b', 'My post', NOW - 60_000, 'Me Myself'),
      }),
    );
    const [mine, theirs] = items(await postList());
    expect(mine?.textContent).toContain('My post');
    expect(mine?.getAttribute('data-own')).toBe('true');
    expect(theirs?.textContent).toContain('Their post');
    expect(theirs?.getAttribute('data-own')).toBe('false');
  });

  it('turns http(s) addresses into new-tab links and leaves javascript: as text', async () => {
    renderPage(
      new MemoryStore(
        feedPost(
          'other',
          'a',
          'Plan: https://example.com/run?x=1. Also (www.fit.example) but not javascript:alert(1) <b>bold</b>',
          NOW,
        ),
      ),
    );
    const [item] = items(await postList());
    const links = within(item as HTMLElement).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/run?x=1',
      'https://www.fit.example/',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(links[0]?.textContent).toBe('https://example.com/run?x=1');
    expect(item?.textContent).toContain('javascript:alert(1) <b>bold</b>');
    expect(item?.querySelector('b')).toBeNull();
    expect(item?.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('posts on Enter as {message, timestamp}, shows it at once and does not duplicate it when the feed item lands', async () => {
    const store = new MemoryStore();
    renderPage(store);
    await screen.findByText('No posts yet. Be the first to say hello!');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Post message' }), '  Hello team!  {Enter}');

    await waitFor(() => expect(ownPostDocs(store)).toHaveLength(1));
    const [path, data] = ownPostDocs(store)[0] as [string, DocData];
    expect(data).toEqual({ message: 'Hello team!', timestamp: NOW });
    expect(validateDocument('posts', data, { uid: ME.uid, now: NOW, before: null }).ok).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Post message' }) as HTMLTextAreaElement).value).toBe('');

    // Pending until the reaction writes the feed item.
    let list = await postList();
    expect(items(list)).toHaveLength(1);
    expect(items(list)[0]?.getAttribute('data-own')).toBe('true');
    expect(items(list)[0]?.textContent).toContain('Hello team!');

    const postId = path.split('/').pop() as string;
    await act(() =>
      store.commit([
        {
          kind: 'set',
          path: `feedPosts/${ME.uid}_${postId}`,
          data: { uid: ME.uid, postId, userName: 'Me Myself', message: 'Hello team!', timestamp: NOW },
        },
      ]),
    );
    list = await postList();
    await waitFor(() => expect(list.textContent).toContain('Me Myself'));
    expect(items(list)).toHaveLength(1);
    expect(screen.getAllByText('Hello team!')).toHaveLength(1);
  });

  it('posts with the Post button too', async () => {
    const store = new MemoryStore();
    renderPage(store);
    fireEvent.change(screen.getByRole('textbox', { name: 'Post message' }), {
      target: { value: 'Leg day done' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(ownPostDocs(store)).toHaveLength(1));
    expect(ownPostDocs(store)[0]?.[1]).toEqual({ message: 'Leg day done', timestamp: NOW });
  });

  it("refuses an empty post with the spec's message", async () => {
    const store = new MemoryStore();
    renderPage(store);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Post message' }), '   {Enter}');
    expect(await screen.findByText('Post message cannot be empty.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(ownPostDocs(store)).toHaveLength(0);
  });

  it('tells an unverified user why they cannot post, and writes nothing', async () => {
    const store = new MemoryStore();
    renderPage(store, {}, { ...ME, emailVerified: false });
    expect(
      await screen.findByText('Verify your email address to post: only verified accounts can post.', {
        exact: false,
      }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verify your email' }).getAttribute('href')).toBe(
      '/verify-email',
    );
    const box = screen.getByRole('textbox', { name: 'Post message' }) as HTMLTextAreaElement;
    expect(box.disabled).toBe(true);
    const button = screen.getByRole('button', { name: 'Post' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(ownPostDocs(store)).toHaveLength(0);
  });

  it('refuses posts of ideographic, no-break or zero-width spaces only', async () => {
    const store = new MemoryStore();
    renderPage(store);
    for (const blank of ['\u3000\u3000', '\u00a0', '\u200b\u200d\ufeff']) {
      fireEvent.change(screen.getByRole('textbox', { name: 'Post message' }), { target: { value: blank } });
      fireEvent.click(screen.getByRole('button', { name: 'Post' }));
      expect(await screen.findByText('Post message cannot be empty.')).toBeTruthy();
    }
    expect(ownPostDocs(store)).toHaveLength(0);
  });

  it('shows names isolated and drops bidi overrides, so a link reads as it goes', async () => {
    renderPage(
      new MemoryStore(
        feedPost('other', 'a', 'see \u202ehttps://evil.example/x\u202c now', NOW, 'Eve\u202e (admin)'),
      ),
    );
    const [item] = items(await postList());
    expect(item?.textContent).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(item?.textContent).toContain('see https://evil.example/x now');
    const name = item?.querySelector('bdi');
    expect(name?.textContent).toBe('Eve (admin)');
    expect(within(item as HTMLElement).getByRole('link').textContent).toBe('https://evil.example/x');
  });

  it('says the user must be logged in when there is no session', async () => {
    renderPage(new MemoryStore(), {}, null);
    fireEvent.change(screen.getByRole('textbox', { name: 'Post message' }), { target: { value: 'Hi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('You must be logged in to post.')).toBeTruthy();
  });

  it('refuses a post over the length limit', async () => {
    renderPage(new MemoryStore());
    fireEvent.change(screen.getByRole('textbox', { name: 'Post message' }), {
      target: { value: 'x'.repeat(501) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Post message cannot exceed 500 characters.')).toBeTruthy();
  });

  it('reports a failed post, drops the pending copy and gives the text back', async () => {
    renderPage(new FailingCommitStore());
    await screen.findByText('No posts yet. Be the first to say hello!');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Post message' }), 'Will not land{Enter}');
    expect(await screen.findByText('Failed to add post. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Posts' })).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Post message' }) as HTMLTextAreaElement).value).toBe(
      'Will not land',
    );
  });

  it('keeps Shift+Enter for a new line', async () => {
    const store = new MemoryStore();
    renderPage(store);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Post message' }), 'one{Shift>}{Enter}{/Shift}two');
    expect((screen.getByRole('textbox', { name: 'Post message' }) as HTMLTextAreaElement).value).toBe(
      'one\ntwo',
    );
    expect(ownPostDocs(store)).toHaveLength(0);
  });
});
