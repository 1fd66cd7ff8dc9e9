import { describe, expect, it, jest } from '@jest/globals';
import type { UseQueryResult } from '@tanstack/react-query';
import { screenStateOf } from './screen-state';

class NotThereError extends Error {}

/** The fields of a react-query result that a screen state reads. */
function result(fields: Partial<UseQueryResult<string, Error>>): UseQueryResult<string, Error> {
  return { isPending: false, isError: false, isFetching: false, ...fields } as UseQueryResult<string, Error>;
}

const isNotThere = (error: Error) => error instanceof NotThereError;

describe('screenStateOf', () => {
  it('is loading while the query has no answer yet', () => {
    expect(screenStateOf(result({ isPending: true }), isNotThere)).toEqual({ status: 'loading' });
  });

  it('is ready with the data once answered', () => {
    expect(screenStateOf(result({ data: 'pho' }), isNotThere)).toEqual({ status: 'ready', data: 'pho' });
  });

  it('is not-found for the failures the screen names so', () => {
    const state = screenStateOf(result({ isError: true, error: new NotThereError('gone') }), isNotThere);
    expect(state).toEqual({ status: 'not-found' });
  });

  it('is an error with the message and a retry for any other failure', () => {
    const refetch = jest.fn(() => Promise.resolve());
    const query = result({
      isError: true,
      error: new Error('Database down'),
      isFetching: true,
      refetch,
    } as never);
    const state = screenStateOf(query, isNotThere);
    expect(state).toMatchObject({ status: 'error', message: 'Database down', retrying: true });
    if (state.status === 'error') state.retry();
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
