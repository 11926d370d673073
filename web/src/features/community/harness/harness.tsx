/**
 * Dev-only harness: the community page over a seeded MemoryStore, for screenshots without the
 * backend (`npx vite web` then open /src/features/community/harness/). Not part of the app build.
 * `?empty` shows the empty and loading-free states; `?fail` makes posting fail.
 */
import type { DocData, WriteOp } from '@fit/shared/store';
import { StoreError } from '@fit/shared/store';
import { MemoryStore } from '@fit/shared/testing/memory-store';
import Container from '@mui/material/Container';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createRoot } from 'react-dom/client';
import { theme } from '../../../app/theme.ts';
import { SessionUserContext, StoreContext } from '../../../data/context.tsx';
import { CommunityPage } from '../CommunityPage.tsx';
import { board } from '../test-utils.tsx';

const now = Date.now();
const min = 60_000;
const people = [
  ['me', 'Sam Rivera'],
  ['u1', 'Ada Lovelace'],
  ['u2', 'Marcus Chen'],
  ['u3', 'Priya Patel'],
  ['u4', 'Jonas Berg'],
  ['u5', 'Lena Okafor'],
] as const;
const messages = [
  'New PR on squats today: 140 kg for 5! 🔥',
  'Anyone up for a 10k run on Saturday morning? Route here: https://example.com/routes/riverside-10k',
  'Tip: slow down the eccentric on your bench press, it made a huge difference for me.',
  'Week 3 of the plan done. Legs are jelly but I am smiling 😄',
  'Stretching routine I follow every evening (www.example.org/stretch) takes 15 minutes.',
  'Rest day. Remember: recovery is training too.',
  'Who else is chasing the monthly calories board? Let’s gooo',
  'javascript:alert(1) <- should stay plain text',
];
const activities = [
  ['Squats', 15, 12],
  ['Running', 0, 42],
  ['Bench Press', 10, 20],
  ['Yoga', 0, 30],
  ['Push-ups', 40, 8],
  ['Deadlift', 6, 15],
  ['Cycling', 0, 55],
  ['Childs Pose', 0, 5],
] as const;

const params = new URLSearchParams(location.search);
const seed: Record<string, DocData> = {};
if (!params.has('empty')) {
  messages.forEach((message, i) => {
    const [uid, userName] = people[i % people.length] as (typeof people)[number];
    seed[`feedPosts/${uid}_p${i}`] = {
      uid,
      postId: `p${i}`,
      userName,
      message,
      timestamp: now - (i * i * 37 + 3) * min,
    };
  });
  for (let i = 0; i < 30; i++) {
    const [uid, userName] = people[(i * 5 + 1) % people.length] as (typeof people)[number];
    const [activityType, count, time] = activities[i % activities.length] as (typeof activities)[number];
    seed[`feedActivities/${uid}_r${i}`] = {
      uid,
      repId: `r${i}`,
      userName,
      activityType,
      count,
      time,
      timestamp: now - (i * 53 + 7) * min,
    };
  }
  const top = (who: number[], values: number[]) =>
    who.map((p, i) => {
      const [uid, userName] = people[p] as (typeof people)[number];
      return { uid, userName, value: values[i] ?? 0 };
    });
  Object.assign(
    seed,
    board('daily', now, {
      reps: top([1, 0, 3], [420, 310, 95]),
      minutes: top([2, 4, 1], [96, 61, 40]),
      calories: top([2, 1, 0], [912, 655, 402]),
    }),
    board('weekly', now, {
      reps: top([0, 1, 5], [2150, 1980, 760]),
      minutes: top([4, 2, 0], [388, 301, 120]),
    }),
    board('monthly', now - 40 * 86_400_000, {
      reps: top([1, 2, 3], [9000, 8000, 7000]),
    }),
  );
}

class HarnessStore extends MemoryStore {
  override async commit(writes: readonly WriteOp[]): Promise<void> {
    await new Promise((r) => setTimeout(r, 600));
    if (params.has('fail')) throw new StoreError('unavailable', 'harness failure');
    await super.commit(writes);
    // Play the feed reaction a little later.
    for (const w of writes) {
      const m = /^users\/([^/]+)\/posts\/([^/]+)$/.exec(w.path);
      if (m && w.kind === 'set') {
        setTimeout(() => {
          void super.commit([
            {
              kind: 'set',
              path: `feedPosts/${m[1]}_${m[2]}`,
              data: { uid: m[1], postId: m[2], userName: 'Sam Rivera', ...w.data },
            },
          ]);
        }, 1500);
      }
    }
  }
}

const store = new HarnessStore(seed);
createRoot(document.getElementById('root') as HTMLElement).render(
  <ThemeProvider theme={theme}>
    <CssBaseline />
    <StoreContext.Provider value={store}>
      <SessionUserContext.Provider value={{ uid: 'me', email: 'sam@example.com', emailVerified: true }}>
        <Container component="main" maxWidth="lg" sx={{ py: { xs: 3, sm: 4.5 } }}>
          <CommunityPage />
        </Container>
      </SessionUserContext.Provider>
    </StoreContext.Provider>
  </ThemeProvider>,
);
