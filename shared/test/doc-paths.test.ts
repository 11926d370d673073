import { describe, expect, it } from 'vitest';
import { batchProblem, queryProblem } from '../firestore/semantics.ts';
import {
  collectionGroupProblem,
  collectionPathProblem,
  describePath,
  docPathProblem,
  isItemId,
  isWellFormedText,
  MAX_PATH_BYTES,
  queryPathProblem,
  segmentProblem,
  utf8Length,
} from '../src/doc-paths.ts';

describe('segmentProblem: ids as Firestore accepts them', () => {
  it.each([
    ['r1'],
    ['a.b'],
    ['...'],
    ['__x'],
    ['x__'],
    ['_x_'],
    ['run-\u{1f3c3}'],
    ['é'.repeat(750)],
    ['a'.repeat(1500)],
    ['\u{10ffff}'.repeat(375)],
  ])('accepts %s', (id) => {
    expect(segmentProblem(id)).toBeNull();
  });

  it.each([
    ['', /empty/],
    ['.', /'\.' is not allowed/],
    ['..', /'\.\.' is not allowed/],
    ['__x__', /reserved/],
    ['____', /reserved/],
    ['__a\nb__', /reserved/],
    ['x\ud800', /unpaired UTF-16 surrogate/],
    ['\udfffx', /unpaired UTF-16 surrogate/],
    ['\ude00\ud83d', /unpaired UTF-16 surrogate/], // a pair in the wrong order is two lone halves
    ['é'.repeat(751), /1502 bytes .*at most 1500/],
    ['a'.repeat(1501), /1501 bytes/],
    ['\u{10ffff}'.repeat(376), /1504 bytes/],
  ])('refuses %#', (id, message) => {
    expect(segmentProblem(id)).toMatch(message);
  });
});

describe('document and collection paths', () => {
  it('accepts valid paths of every depth', () => {
    expect(docPathProblem('users/u1')).toBeNull();
    expect(docPathProblem('users/u1/reps/r1')).toBeNull();
    expect(collectionPathProblem('users')).toBeNull();
    expect(collectionPathProblem('users/u1/reps')).toBeNull();
    expect(collectionGroupProblem('reps')).toBeNull();
  });

  it('refuses each bad segment anywhere in the path, with the reason', () => {
    for (const bad of ['', '.', '..', '__x__', 'x\ud800', 'é'.repeat(751)]) {
      for (const path of [`${bad}/u1`, `users/${bad}`, `users/u1/${bad}/r1`, `users/u1/reps/${bad}`]) {
        const problem = docPathProblem(path);
        expect(problem, describePath(path)).toMatch(/^Invalid document path '.*': /);
        expect(problem).not.toMatch(/even number/);
      }
    }
    expect(collectionPathProblem('users/__x__/reps')).toMatch(/reserved/);
    expect(collectionGroupProblem('r\ud800')).toMatch(/surrogate/);
    expect(collectionGroupProblem('users/u1/reps')).toMatch(/single collection id/);
  });

  it('refuses wrong parity, non-strings and slashes at either end', () => {
    expect(docPathProblem('users')).toMatch(/even number/);
    expect(collectionPathProblem('users/u1')).toMatch(/odd number/);
    expect(docPathProblem('/users/u1')).toMatch(/empty/);
    expect(docPathProblem('users/u1/')).toMatch(/empty/);
    expect(docPathProblem(undefined)).toMatch(/must be a string/);
    expect(docPathProblem(42)).toMatch(/must be a string/);
    expect(docPathProblem('')).toMatch(/empty/);
  });

  it('refuses a document name over 6 KiB even when every id is short enough', () => {
    const ids = Array.from({ length: 6 }, (_, i) => `${i}${'a'.repeat(1099)}`);
    const path = ids.join('/');
    expect(utf8Length(path)).toBeGreaterThan(MAX_PATH_BYTES);
    expect(docPathProblem(path)).toMatch(/6605 bytes .*at most 6144/);
    expect(docPathProblem(ids.slice(0, 4).join('/'))).toBeNull();
  });

  it('keeps messages short and printable', () => {
    const problem = docPathProblem(`users/${'a'.repeat(5000)}\ud800`) ?? '';
    expect(problem.length).toBeLessThan(300);
    expect(describePath('x\ud800')).toBe('x\\ud800');
    expect(isWellFormedText(describePath('x\ud800'))).toBe(true);
  });
});

describe('the store semantics use the same checker', () => {
  it('writes, queries and cursors', () => {
    expect(batchProblem([{ kind: 'delete', path: 'users/u1/reps/x\ud800' }])).toMatch(/surrogate/);
    expect(batchProblem([{ kind: 'set', path: 'users/u1/reps/__x__', data: {} }])).toMatch(/reserved/);
    expect(queryProblem({ collection: 'users/u1/__x__' })).toMatch(/reserved/);
    expect(queryProblem({ collection: 'r\ud800', group: true })).toMatch(/surrogate/);
    expect(
      queryProblem({
        collection: 'users/u1/reps',
        orderBy: [{ field: 't', direction: 'asc' }],
        startAfter: { values: [1], path: 'users/u1/reps/..' },
      }),
    ).toMatch(/cursor.*not allowed/);
    expect(
      queryPathProblem({ collection: 'users/u1/reps', startAfter: { values: [], path: 'users/u1/reps/ok' } }),
    ).toBeNull();
  });
});

describe('isItemId', () => {
  it('takes the ids the app makes and refuses the rest', () => {
    for (const id of ['Ab3xYz0123456789abcd', 'imp0a1b2c3d4e5f0a1b2c3d4e5f', 'seed-3-1', 'x'.repeat(128)])
      expect(isItemId(id)).toBe(true);
    for (const id of ['', 'x'.repeat(129), 'a b', 'a/b', '__x__', 'caf\u00e9', '..', 'a\u2215b'])
      expect(isItemId(id)).toBe(false);
  });
});
