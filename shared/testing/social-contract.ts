/**
 * Kudos, comments, notifications and engagement counts as access-contract cases, run
 * against firestore.rules with the rest of the contract (functions/test/rules.contract.test.ts):
 * each new collection x who may read and write it, and the bad shapes. Every denied write is read
 * back there: nothing written.
 */
import { paths } from '../src/model.ts';
import { DOCUMENT_NAME, type DocData } from '../src/store.ts';
import type { ContractCase, ContractParams } from './access-contract.ts';

export function socialContract({ owner, other, now }: ContractParams): ContractCase[] {
  const third = `${other}-3`;
  const profile = (uid: string, extra: DocData = {}) => ({
    userId: uid,
    email: `${uid}@example.com`,
    createdAt: now,
    displayName: `Name ${uid}`,
    ...extra,
  });
  const seed: Record<string, DocData> = {
    [paths.user(owner)]: profile(owner),
    [paths.user(other)]: profile(other),
    [paths.user(third)]: profile(third),
    [paths.post(owner, 'p1')]: { message: 'Hello', timestamp: now },
    [paths.feedPost(owner, 'p1')]: {
      uid: owner,
      postId: 'p1',
      userName: `Name ${owner}`,
      message: 'Hello',
      timestamp: now,
    },
    [paths.rep(owner, 'r1')]: { activityType: 'Yoga', time: 10, timestamp: now, calorieUnits: 2800 },
    [paths.feedActivity(owner, 'r1')]: {
      uid: owner,
      repId: 'r1',
      userName: `Name ${owner}`,
      activityType: 'Yoga',
      count: 0,
      time: 10,
      timestamp: now,
    },
    // A hidden person's activity: the source, no feed item.
    [paths.rep(owner, 'hidden')]: { activityType: 'Yoga', time: 10, timestamp: now, calorieUnits: 2800 },
  };
  const kudosPath = paths.kudosOf('feedPosts', owner, 'p1', other);
  const kudos = (uid = other, extra: DocData = {}): DocData => ({
    uid,
    owner,
    userName: `Name ${uid}`,
    timestamp: now,
    ...extra,
  });
  const commentPath = paths.comment('feedPosts', owner, 'p1', 'c1');
  const comment = (uid = other, extra: DocData = {}): DocData => ({
    ...kudos(uid),
    message: 'Well done',
    ...extra,
  });
  const note = paths.notification(owner, 'kudos_feedPosts_p1_other');
  const noteDoc = {
    kind: 'kudos',
    from: other,
    fromName: `Name ${other}`,
    feed: 'feedPosts',
    itemId: `${owner}_p1`,
    timestamp: now,
    read: false,
  };
  const stats = paths.engagement('feedPosts', owner, 'p1');
  const statsDoc = {
    feed: 'feedPosts',
    owner,
    itemId: `${owner}_p1`,
    kudos: 1,
    kudosBy: [],
    comments: 0,
    asOf: now,
  };

  const myKudosOn = (uid: string, kudosPaths: string[]) => ({
    collection: 'kudos',
    group: true,
    where: [
      { field: 'uid', op: '==' as const, value: uid },
      { field: DOCUMENT_NAME, op: 'in' as const, value: kudosPaths },
    ],
    limit: 30,
  });
  const c = (
    name: string,
    auth: string | null,
    op: ContractCase['op'],
    path: string,
    expect: ContractCase['expect'],
    more: Partial<ContractCase> = {},
  ): ContractCase => ({ name: `social: ${name}`, auth, op, path, expect, seed, ...more });
  const withDoc = (path: string, data: DocData) => ({ seed: { ...seed, [path]: data } });
  const tombstoned = (uid: string) => ({
    seed: { ...seed, [paths.tombstone(uid)]: { uid, deletedAt: now } },
  });

  const hiding = { seed: { ...seed, [paths.user(owner)]: profile(owner, { hideExerciseInfo: true }) } };
  const r1Kudos = paths.kudosOf('feedActivities', owner, 'r1', other);
  const { [paths.user(owner)]: _owner, ...withoutOwner } = seed;
  const profileless = { seed: withoutOwner };

  return [
    // kudos
    c('kudos on a post', other, 'create', kudosPath, 'allow', { data: kudos() }),
    c('kudos on an activity', other, 'create', paths.kudosOf('feedActivities', owner, 'r1', other), 'allow', {
      data: kudos(),
    }),
    c('kudos twice (the id is the giver)', other, 'create', kudosPath, 'deny', {
      data: kudos(other, { timestamp: now + 1 }),
      ...withDoc(kudosPath, kudos()),
    }),
    c('kudos on your own post', owner, 'create', paths.kudosOf('feedPosts', owner, 'p1', owner), 'deny', {
      data: kudos(owner),
    }),
    c("kudos under another's id", other, 'create', paths.kudosOf('feedPosts', owner, 'p1', third), 'deny', {
      data: kudos(third),
    }),
    c("kudos signed with another's name", other, 'create', kudosPath, 'deny', {
      data: kudos(other, { userName: 'Someone Else' }),
    }),
    c('kudos with an extra field', other, 'create', kudosPath, 'deny', { data: kudos(other, { count: 5 }) }),
    c('kudos dated an hour ahead', other, 'create', kudosPath, 'deny', {
      data: kudos(other, { timestamp: now + 3_600_000 }),
    }),
    c('kudos from an unverified account', other, 'create', kudosPath, 'deny', {
      data: kudos(),
      unverified: true,
    }),
    c('kudos from a deleted account', other, 'create', kudosPath, 'deny', {
      data: kudos(),
      ...tombstoned(other),
    }),
    c(
      'kudos on a hidden activity',
      other,
      'create',
      paths.kudosOf('feedActivities', owner, 'hidden', other),
      'deny',
      {
        data: kudos(),
      },
    ),
    c('kudos on a missing post', other, 'create', paths.kudosOf('feedPosts', owner, 'nope', other), 'deny', {
      data: kudos(),
    }),
    c('kudos taken back by the giver', other, 'delete', kudosPath, 'allow', withDoc(kudosPath, kudos())),
    c('kudos taken back by someone else', third, 'delete', kudosPath, 'deny', withDoc(kudosPath, kudos())),
    c("kudos removed by the item's author", owner, 'delete', kudosPath, 'deny', withDoc(kudosPath, kudos())),
    c('kudos listed by another member', third, 'list', paths.kudos('feedPosts', owner, 'p1'), 'allow'),
    c('kudos listed signed out', null, 'list', paths.kudos('feedPosts', owner, 'p1'), 'deny'),
    c(
      "a hidden activity's kudos listed",
      third,
      'list',
      paths.kudos('feedActivities', owner, 'hidden'),
      'deny',
    ),
    // Hidden since its feed item was made (the reaction removes it later, and a bounded number):
    // the activity's kudos and comments are its owner's alone at once; posts stay shown.
    c("a hidden person's activity's kudos read", third, 'get', r1Kudos, 'deny', {
      seed: { ...hiding.seed, [r1Kudos]: kudos() },
    }),
    c(
      "a hidden person's activity's kudos listed",
      third,
      'list',
      paths.kudos('feedActivities', owner, 'r1'),
      'deny',
      hiding,
    ),
    c(
      "a hidden person's activity's comments listed",
      third,
      'list',
      paths.comments('feedActivities', owner, 'r1'),
      'deny',
      hiding,
    ),
    c(
      "a hidden person's activity's kudos listed by them",
      owner,
      'list',
      paths.kudos('feedActivities', owner, 'r1'),
      'allow',
      hiding,
    ),
    c(
      "a hidden person's post's kudos listed",
      third,
      'list',
      paths.kudos('feedPosts', owner, 'p1'),
      'allow',
      hiding,
    ),
    c("kudos on a hidden person's activity", other, 'create', r1Kudos, 'deny', { data: kudos(), ...hiding }),
    // No profile (the sign-up write failed): the reaction shows the activity, so do the rules.
    c('kudos on the activity of a person with no profile', other, 'create', r1Kudos, 'allow', {
      data: kudos(),
      ...profileless,
    }),
    c("a profileless person's activity's kudos read", third, 'get', r1Kudos, 'allow', {
      seed: { ...profileless.seed, [r1Kudos]: kudos() },
    }),
    // The page's query (web/src/data/social.ts watchMyKudos): mine on the shown items, by path.
    c('my kudos on shown items, over the group', other, 'list', 'kudos', 'allow', {
      // 30 paths, most with no kudos (nor item): each is checked alone, and the rules' reads are capped.
      query: myKudosOn(other, [
        kudosPath,
        paths.kudosOf('feedActivities', owner, 'r1', other),
        ...Array.from({ length: 28 }, (_, i) => paths.kudosOf('feedPosts', owner, `n${i}`, other)),
      ]),
      ...withDoc(kudosPath, kudos()),
    }),
    // The page's worst case: 30 shown activities of 30 people with profiles, one given. The rules
    // cap the documents a request reads; each named path is checked alone.
    c('my kudos on 30 shown activities of 30 people, over the group', other, 'list', 'kudos', 'allow', {
      query: myKudosOn(
        other,
        Array.from({ length: 30 }, (_, i) =>
          paths.kudosOf('feedActivities', `${owner}-${i}`, `r${i}`, other),
        ),
      ),
      seed: {
        ...seed,
        ...Object.fromEntries(
          Array.from({ length: 30 }, (_, i) => {
            const uid = `${owner}-${i}`;
            return [
              [paths.user(uid), profile(uid)],
              [paths.rep(uid, `r${i}`), seed[paths.rep(owner, 'r1')] as DocData],
              [
                paths.feedActivity(uid, `r${i}`),
                { ...seed[paths.feedActivity(owner, 'r1')], uid, repId: `r${i}` },
              ],
            ];
          }).flat(),
        ),
        [paths.kudosOf('feedActivities', `${owner}-3`, 'r3', other)]: kudos(other, { owner: `${owner}-3` }),
      },
    }),
    c("another's kudos, over the group", third, 'list', 'kudos', 'deny', {
      query: {
        collection: 'kudos',
        group: true,
        where: [{ field: 'uid', op: '==', value: other }],
        limit: 100,
      },
    }),
    c("another's kudos by path, none given on hidden items", third, 'list', 'kudos', 'deny', {
      query: myKudosOn(third, [paths.kudosOf('feedActivities', owner, 'r1', other)]),
      ...hiding,
    }),
    // By path, a kudos others may read anyway (a shown item's) is listed too; a hidden one is not.
    c("another's kudos on a hidden person's activity, by path", third, 'list', 'kudos', 'deny', {
      query: myKudosOn(other, [r1Kudos]),
      seed: { ...hiding.seed, [r1Kudos]: kudos() },
    }),
    // Crafted straight with the SDK: the rule by the giver's id opens one's own kudos only.
    c("everyone's kudos over the group, no filter", third, 'list', 'kudos', 'deny', {
      query: { collection: 'kudos', group: true, limit: 30 },
      ...withDoc(kudosPath, kudos()),
    }),
    c("another's kudos on a hidden person's activity, by path alone", third, 'list', 'kudos', 'deny', {
      query: {
        collection: 'kudos',
        group: true,
        where: [{ field: DOCUMENT_NAME, op: 'in', value: [r1Kudos] }],
      },
      seed: { ...hiding.seed, [r1Kudos]: kudos() },
    }),
    // The same of a shown item's is read by path as by get: anyone signed in reads those.
    c("another's kudos on a shown post, by path alone", third, 'list', 'kudos', 'allow', {
      query: {
        collection: 'kudos',
        group: true,
        where: [{ field: DOCUMENT_NAME, op: 'in', value: [kudosPath] }],
      },
      ...withDoc(kudosPath, kudos()),
    }),
    c("another's kudos on a hidden activity, named beside one's own", third, 'list', 'kudos', 'deny', {
      query: myKudosOn(third, [paths.kudosOf('feedActivities', owner, 'r1', third), r1Kudos]),
      seed: { ...hiding.seed, [r1Kudos]: kudos() },
    }),
    c("a hidden activity's kudos, by a range of paths", third, 'list', 'kudos', 'deny', {
      query: {
        collection: 'kudos',
        group: true,
        where: [
          { field: DOCUMENT_NAME, op: '>=', value: paths.kudosOf('feedActivities', owner, 'r1', '0') },
          { field: DOCUMENT_NAME, op: '<=', value: paths.kudosOf('feedActivities', owner, 'r1', '~') },
        ],
      },
      seed: { ...hiding.seed, [r1Kudos]: kudos() },
    }),
    c(
      "a hidden activity's kudos, listed in their collection",
      third,
      'list',
      paths.kudos('feedActivities', owner, 'r1'),
      'deny',
      {
        seed: { ...hiding.seed, [r1Kudos]: kudos() },
      },
    ),
    c('kudos of oneself and another, over the group', third, 'list', 'kudos', 'deny', {
      query: { collection: 'kudos', group: true, where: [{ field: 'uid', op: 'in', value: [third, other] }] },
      ...withDoc(kudosPath, kudos()),
    }),
    // comments
    c('comment on a post', other, 'create', commentPath, 'allow', { data: comment() }),
    c(
      'comment on an activity',
      other,
      'create',
      paths.comment('feedActivities', owner, 'r1', 'c1'),
      'allow',
      {
        data: comment(),
      },
    ),
    c('comment on your own post', owner, 'create', commentPath, 'allow', { data: comment(owner) }),
    c('comment of 500 characters', other, 'create', commentPath, 'allow', {
      data: comment(other, { message: 'x'.repeat(500) }),
    }),
    c('comment of 501 characters', other, 'create', commentPath, 'deny', {
      data: comment(other, { message: 'x'.repeat(501) }),
    }),
    c('blank comment', other, 'create', commentPath, 'deny', {
      data: comment(other, { message: ' \u00a0\n' }),
    }),
    c('comment with a bidi control', other, 'create', commentPath, 'deny', {
      data: comment(other, { message: 'a\u202Eb' }),
    }),
    c("comment in another's name", other, 'create', commentPath, 'deny', { data: comment(third) }),
    // The comment's id is in its notification's (`comment_{feed}_{item}_{id}`): one too long for it
    // failed the whole reaction, so the item's counts missed the comment.
    c(
      'comment with an id too long for its notification',
      other,
      'create',
      paths.comment('feedPosts', owner, 'p1', 'c'.repeat(1480)),
      'deny',
      {
        data: comment(),
      },
    ),
    c(
      'comment with an id holding a space',
      other,
      'create',
      paths.comment('feedPosts', owner, 'p1', 'c 1'),
      'deny',
      {
        data: comment(),
      },
    ),
    c('comment from an unverified account', other, 'create', commentPath, 'deny', {
      data: comment(),
      unverified: true,
    }),
    c(
      'comment on a hidden activity',
      other,
      'create',
      paths.comment('feedActivities', owner, 'hidden', 'c1'),
      'deny',
      {
        data: comment(),
      },
    ),
    c('comment edited by its writer', other, 'update', commentPath, 'deny', {
      data: { message: 'Edited' },
      ...withDoc(commentPath, comment()),
    }),
    c("comment edited by the item's author", owner, 'update', commentPath, 'deny', {
      data: { message: 'Edited' },
      ...withDoc(commentPath, comment()),
    }),
    c(
      'comment deleted by its writer',
      other,
      'delete',
      commentPath,
      'allow',
      withDoc(commentPath, comment()),
    ),
    c(
      "comment deleted by the item's author",
      owner,
      'delete',
      commentPath,
      'allow',
      withDoc(commentPath, comment()),
    ),
    c(
      'comment deleted by someone else',
      third,
      'delete',
      commentPath,
      'deny',
      withDoc(commentPath, comment()),
    ),
    c('comments listed by another member', third, 'list', paths.comments('feedPosts', owner, 'p1'), 'allow'),
    c('comments listed signed out', null, 'list', paths.comments('feedPosts', owner, 'p1'), 'deny'),
    // notifications
    c('notifications listed by their owner', owner, 'list', paths.notifications(owner), 'allow'),
    c("another's notifications listed", other, 'list', paths.notifications(owner), 'deny'),
    c('a notification marked read', owner, 'update', note, 'allow', {
      data: { read: true },
      ...withDoc(note, noteDoc),
    }),
    // Anyone may follow an account before it is verified: its owner clears the bell's count too.
    c('a notification marked read by its unverified owner', owner, 'update', note, 'allow', {
      data: { read: true },
      unverified: true,
      ...withDoc(note, noteDoc),
    }),
    c('a notification marked read by its deleted owner', owner, 'update', note, 'deny', {
      data: { read: true },
      seed: { ...seed, [note]: noteDoc, [paths.tombstone(owner)]: { uid: owner, deletedAt: now } },
    }),
    c('a notification rewritten', owner, 'update', note, 'deny', {
      data: { read: true, fromName: 'Forged' },
      ...withDoc(note, noteDoc),
    }),
    c("another's notification marked read", other, 'update', note, 'deny', {
      data: { read: true },
      ...withDoc(note, noteDoc),
    }),
    c('a notification created by a client', other, 'create', note, 'deny', { data: noteDoc }),
    c('a notification created for oneself', owner, 'create', note, 'deny', { data: noteDoc }),
    c('a notification deleted by a client', owner, 'delete', note, 'deny', withDoc(note, noteDoc)),
    // engagement counts: read by members, written by the reactions only
    c('counts read by a member', third, 'get', stats, 'allow', withDoc(stats, statsDoc)),
    c('counts read signed out', null, 'get', stats, 'deny', withDoc(stats, statsDoc)),
    c('counts written by a client', other, 'create', stats, 'deny', { data: statsDoc }),
    c('counts changed by a client', owner, 'update', stats, 'deny', {
      data: { kudos: 99 },
      ...withDoc(stats, statsDoc),
    }),
  ];
}
