import { VolumeX } from 'lucide-react';
import { toast } from 'sonner';
import type { MutedUserDto } from '@dinebuds/contracts';
import { UserRow } from '@/components/user-row';
import { Button } from '@/components/ui/button';
import { useMutedUsers, useSetMuted } from '@/features/social';
import { formatDateTime } from '@/lib/format';
import { PeopleSection } from './people-section';

/** Security & Privacy → Privacy: the people I muted (GET /api/users/muted), each with Unmute. */
export function MutedUsers() {
  return (
    <PeopleSection
      title="Muted users"
      query={useMutedUsers()}
      empty={{
        icon: <VolumeX />,
        title: "You haven't muted anyone",
        description:
          "A muted person's reviews and activity leave your feed and rankings; they aren't told. Mute someone from the menu on their profile.",
      }}
      row={(entry) => <MutedUserRow key={entry.mutedId} entry={entry} />}
    />
  );
}

function MutedUserRow({ entry }: { entry: MutedUserDto }) {
  const setMuted = useSetMuted();
  const name = entry.user.name?.trim() || entry.user.username;
  return (
    <UserRow
      user={entry.user}
      meta={<span className="muted">Muted {formatDateTime(entry.createdAt)}</span>}
      action={
        <Button
          variant="outline"
          size="sm"
          loading={setMuted.isPending}
          aria-label={`Unmute ${name}`}
          onClick={() =>
            setMuted.mutate(
              { userId: entry.mutedId, muted: false },
              {
                onSuccess: () =>
                  toast.success('User unmuted', { description: `You will see ${name}'s activity again.` }),
                onError: (error) => toast.error('Error unmuting user', { description: error.message }),
              },
            )
          }
        >
          Unmute
        </Button>
      }
    />
  );
}
