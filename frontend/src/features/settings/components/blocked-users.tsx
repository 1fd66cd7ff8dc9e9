import { ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import type { BlockedUserDto } from '@dinebuds/contracts';
import { UserRow } from '@/components/user-row';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useBlockedUsers, useUnblockUser } from '@/features/social';
import { formatDateTime } from '@/lib/format';

/** Security & Privacy → Privacy: the people I blocked (GET /api/users/blocked), each with Unblock. */
export function BlockedUsers() {
  const blocked = useBlockedUsers();
  return (
    <section className="stack stack--tight" aria-labelledby="blocked-users-title">
      <h3 className="section-title" id="blocked-users-title">
        Blocked users
      </h3>
      {blocked.isPending ? (
        <LoadingState compact label="Loading blocked users" />
      ) : blocked.isError ? (
        <ErrorState
          compact
          title="Couldn't load blocked users"
          message={blocked.error.message}
          onRetry={() => void blocked.refetch()}
          retrying={blocked.isFetching}
        />
      ) : blocked.data.length === 0 ? (
        <EmptyState
          compact
          icon={<ShieldCheck />}
          title="You haven't blocked anyone"
          description="People you block can't follow you or message you. Block someone from the menu on their profile."
        />
      ) : (
        <ul className="user-list" aria-label="Blocked users">
          {blocked.data.map((entry) => (
            <BlockedUserRow key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </section>
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
