import { useParams } from 'react-router-dom';
import type { UserDto } from '@dinebuds/contracts';
import { isApiError } from '@/lib/api';
import { useCurrentUser } from '@/features/auth';
import { screenStateOf, type ScreenState } from '@/lib/screen-state';
import { useUserByUsername } from '../api/get-user-by-username';

export type ProfileUserState = ScreenState<{ user: UserDto; isOwn: boolean }>;

/**
 * Whose profile to show: `/` and `/profile` show the signed-in user (from the session, so edits
 * appear at once); `/profile/{username}` loads that user, and is "own" when it names the viewer.
 */
export function useProfileUser(): ProfileUserState {
  const { username } = useParams();
  const session = useCurrentUser();
  const me = session.data ?? null;
  const namesMe = Boolean(username && me && me.username.toLowerCase() === username.toLowerCase());
  const other = useUserByUsername(username, !namesMe);

  if (!username || namesMe) {
    if (session.isPending) return { status: 'loading' };
    if (me) return { status: 'ready', user: me, isOwn: true };
    return {
      status: 'error',
      message: 'You need to sign in to see your profile.',
      retry: () => void session.refetch(),
      retrying: session.isFetching,
    };
  }
  const loaded = screenStateOf(other, (error) => isApiError(error, 404));
  return loaded.status === 'ready' ? { status: 'ready', user: loaded.data, isOwn: false } : loaded;
}
