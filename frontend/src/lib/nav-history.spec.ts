import { beforeEach, describe, expect, it } from '@jest/globals';
import { NAV_HISTORY_LIMIT, popPreviousPath, readNavHistory, recordVisit } from './nav-history';

const STORAGE_KEY = 'dinebuds.navigationHistory';

describe('navigation history', () => {
  beforeEach(() => sessionStorage.clear());

  it('starts empty', () => {
    expect(readNavHistory()).toEqual([]);
  });

  it('records visited paths in order, in sessionStorage', () => {
    recordVisit('/');
    recordVisit('/social');
    recordVisit('/profile/bob');

    expect(readNavHistory()).toEqual(['/', '/social', '/profile/bob']);
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null')).toEqual([
      '/',
      '/social',
      '/profile/bob',
    ]);
  });

  it('does not record the same path twice in a row', () => {
    recordVisit('/social');
    recordVisit('/social');
    recordVisit('/profile');
    recordVisit('/social');

    expect(readNavHistory()).toEqual(['/social', '/profile', '/social']);
  });

  it('keeps only the last 10 paths', () => {
    expect(NAV_HISTORY_LIMIT).toBe(10);
    for (let i = 1; i <= 13; i++) recordVisit(`/page-${i}`);

    const history = readNavHistory();
    expect(history).toHaveLength(10);
    expect(history[0]).toBe('/page-4');
    expect(history[9]).toBe('/page-13');
  });

  it('never records /auth or a path under it', () => {
    recordVisit('/profile');
    recordVisit('/auth');
    recordVisit('/auth/register');
    recordVisit('/settings');

    expect(readNavHistory()).toEqual(['/profile', '/settings']);
  });

  it('still records paths that merely start with the letters "auth"', () => {
    recordVisit('/authors');
    expect(readNavHistory()).toEqual(['/authors']);
  });

  it('popPreviousPath returns the page before the current one and drops both entries', () => {
    recordVisit('/');
    recordVisit('/social');
    recordVisit('/profile/bob');

    expect(popPreviousPath('/profile/bob')).toBe('/social');
    // '/social' is recorded again when it is shown.
    expect(readNavHistory()).toEqual(['/']);
  });

  it('popPreviousPath returns null when there is nothing before the current page', () => {
    recordVisit('/profile/bob');
    expect(popPreviousPath('/profile/bob')).toBeNull();
    expect(readNavHistory()).toEqual([]);
  });

  it('ignores unreadable or foreign storage content', () => {
    sessionStorage.setItem(STORAGE_KEY, '{not json');
    expect(readNavHistory()).toEqual([]);

    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ paths: ['/'] }));
    expect(readNavHistory()).toEqual([]);

    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(['/social', 42, null, '/profile']));
    expect(readNavHistory()).toEqual(['/social', '/profile']);

    recordVisit('/settings');
    expect(readNavHistory()).toEqual(['/social', '/profile', '/settings']);
  });
});
