import { describe, expect, it } from 'vitest';
import { destinationFor, loginPathFor, safeNextPath } from './post-login.ts';

describe('safeNextPath: only this app signed-in pages survive sign-in', () => {
  it.each([
    '//evil.com',
    '//evil.com/user',
    'https://evil.com',
    'https://evil.com/community',
    '/\\evil.com',
    '/\\/evil.com',
    '\\\\evil.com',
    '/\t/evil.com',
    '/%2F%2Fevil.com',
    'javascript:alert(1)',
    'community',
    '/login',
    '/verify-email',
    '/',
    '/nope',
    '/user/../..//evil.com',
    '',
    null,
    undefined,
  ])('refuses %j', (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });

  it('keeps a signed-in page with its query and hash', () => {
    expect(safeNextPath('/community')).toBe('/community');
    expect(safeNextPath('/account?tab=data#import')).toBe('/account?tab=data#import');
    expect(safeNextPath('/user')).toBe('/user');
  });

  it('normalises dot segments inside the app and then checks the page', () => {
    expect(safeNextPath('/x/../community')).toBe('/community');
  });
});

describe('loginPathFor and destinationFor', () => {
  it('carries a deep link through /login, but not the default page', () => {
    expect(loginPathFor('/community')).toBe('/login?next=%2Fcommunity');
    expect(loginPathFor('/user')).toBe('/login');
    expect(loginPathFor('//evil.com')).toBe('/login');
  });

  it('keeps the spec: unverified to /verify-email, unnamed to /account, else the page asked for', () => {
    expect(destinationFor({ emailVerified: false }, true, '/community')).toBe(
      '/verify-email?next=%2Fcommunity',
    );
    expect(destinationFor({ emailVerified: true }, false, '/community')).toBe('/account');
    expect(destinationFor({ emailVerified: true }, true, '/community')).toBe('/community');
    expect(destinationFor({ emailVerified: true }, true, null)).toBe('/user');
    expect(destinationFor({ emailVerified: false }, true, null)).toBe('/verify-email');
  });
});
