import { useDeferredValue } from 'react';
import { QueryScreen } from '@/components/query-screen';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useProfileUser, type ProfileUserState } from '../hooks/use-profile-user';
import { ProfileView } from './profile-view';
import '../profile.css';

/** `/`, `/profile` and `/profile/{username}`. */
export function ProfileScreen() {
  const state = useProfileUser();
  useDocumentTitle(state.status === 'ready' ? state.user.name || state.user.username : 'Profile');
  // The user (the session, or another user's answer) reaches React as a synchronous update: the
  // whole profile was built in one task on arrival. It is shown from a deferred copy, so React
  // builds the profile in a transition, in slices; once shown, a later answer (an edit) renders
  // at once.
  const ready = state.status === 'ready' ? state.user : undefined;
  const deferred = useDeferredValue(ready);
  const shown: ProfileUserState =
    state.status !== 'ready' || (deferred !== undefined && deferred.id === state.user.id)
      ? state
      : { status: 'loading' };

  return (
    <QueryScreen
      state={shown}
      loadingLabel="Loading profile"
      notFoundTitle="User Not Found"
      notFoundDescription="The user you're looking for doesn't exist or has been removed."
      errorTitle="Couldn't load this profile"
    >
      {/* Keyed by user, so opening another profile starts with closed dialogs and fresh state. */}
      {({ user, isOwn }) => <ProfileView key={user.id} user={user} isOwn={isOwn} />}
    </QueryScreen>
  );
}
