import { ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import type { BlockedUserDto } from '@dinebuds/contracts';
import { UserRow } from '@/components/user-row';
import { Button } from '@/components/ui/button';
import { useBlockedUsers, useUnblockUser } from '@/features/social';
import { formatDateTime } from '@/lib/format';
import { PeopleSection } from './people-section';

/** Security & Privacy → Privacy: the people I blocked (GET /api/users/blocked), each with Unblock. */
export function BlockedUsers() {
  return (
    <PeopleSection
      title="Blocked users"
      query={useBlockedUsers()}
      empty={{
        icon: <ShieldCheck />,
        title: "You haven't blocked anyone",
        description:
          "People you block can't follow you or message you. Block someone from the menu on their profile.",
      }}
      row={(entry) => <BlockedUserRow key={entry.id} entry={entry} />}
    />
  );
}

function BlockedUserRow({ entry }: { entry: BlockedUserDto }) {
  const unblock = useUnblockUser();
  const name = entry.user.name?.trim() || entry.user.username;
  return (
    <UserRow
      user={entry.user}
      meta={<span className="muted">Blocked {formatDateTime(entry.createdAt)}</span>}
      action={
        <Button
          variant="outline"
          size="sm"
          loading={unblock.isPending}
          aria-label={`Unblock ${name}`}
          onClick={() =>
            unblock.mutate(entry.blockedId, {
              onSuccess: () =>
                toast.success('User unblocked', { description: `You have unblocked ${name}.` }),
              onError: (error) => toast.error('Error unblocking user', { description: error.message }),
            })
          }
        >
          Unblock
        </Button>
      }
    />
  );
}
