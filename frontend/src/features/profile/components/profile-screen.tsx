import { QueryScreen } from '@/components/query-screen';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useProfileUser } from '../hooks/use-profile-user';
import { ProfileView } from './profile-view';
import '../profile.css';

/** `/`, `/profile` and `/profile/{username}`. */
export function ProfileScreen() {
  const state = useProfileUser();
  useDocumentTitle(state.status === 'ready' ? state.user.name || state.user.username : 'Profile');

  return (
    <QueryScreen
      state={state}
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
