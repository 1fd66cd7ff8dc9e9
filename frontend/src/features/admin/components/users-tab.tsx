import { useDeferredValue, useState } from 'react';
import { toast } from 'sonner';
import { ADMIN_USERS_MESSAGES, type AdminUserDto } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { UserAvatar } from '@/components/ui/avatar';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useCurrentUser } from '@/features/auth';
import { formatDateTime } from '@/lib/format';
import { ADMIN_USERS_PAGE, useAdminUsers, type AdminUserFilters } from '../api/get-admin-users';
import { useDeleteUsers } from '../api/delete-users';
import { useSetUserActive } from '../api/set-user-active';
import { ActivityTab } from './activity-tab';
import { DecisionDialog } from './decision-dialog';
import { UserDetailDialog } from './user-detail-dialog';
import { UserFiltersPopover } from './user-filters-popover';
import { useIdSelection } from '../hooks/use-id-selection';

const NO_FILTERS: AdminUserFilters = { q: '', reviews: 'all', status: 'all' };

/**
 * Spec 2's Users tab, every value from the server: search, Filter Users (review-count buckets,
 * active / inactive), Delete Selected (DELETE /api/users/{id} per person, never oneself), the
 * Show/Hide Activity Log toggle, deactivate / reactivate and the user-detail dialog.
 */
export function UsersTab() {
  const { data: me } = useCurrentUser();
  const [filters, setFilters] = useState<AdminUserFilters>(NO_FILTERS);
  const [offset, setOffset] = useState(0);
  const [showLog, setShowLog] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [detail, setDetail] = useState<AdminUserDto | null>(null);
  // The table follows the typing without a request per key stroke blocking it.
  const asked = useDeferredValue(filters);
  const users = useAdminUsers(asked, offset);
  const remove = useDeleteUsers();

  const rows = users.data?.users ?? [];
  const selectable = rows.filter((user) => user.id !== me?.id);
  const { selected, allSelected, toggle, toggleAll, drop, clear } = useIdSelection(
    selectable.map((u) => u.id),
  );
  const change = (next: AdminUserFilters) => {
    setFilters(next);
    setOffset(0);
    clear();
  };
  const reset = () => change(NO_FILTERS);
  const onDelete = () =>
    remove.mutate([...selected], {
      onSuccess: (outcome) => {
        setConfirmDelete(false);
        // Those that failed stay selected, to retry or leave.
        drop(outcome.deleted);
        if (outcome.failed === 0) toast.success('User(s) deleted successfully');
        else toast.error('Failed to delete user(s)', { description: outcome.firstError ?? undefined });
      },
      onError: (error) => toast.error('Failed to delete user(s)', { description: error.message }),
    });

  return (
    <div className="admin-users">
      <div className="admin-toolbar">
        <label className="admin-toolbar__search">
          <span className="sr-only">Search users</span>
          <Input
            type="search"
            placeholder="Search by name or username"
            value={filters.q}
            maxLength={100}
            onChange={(event) => change({ ...filters, q: event.target.value })}
          />
        </label>
        <UserFiltersPopover filters={filters} onChange={change} onReset={reset} />
        <Button
          variant="danger"
          size="sm"
          disabled={selected.size === 0}
          onClick={() => setConfirmDelete(true)}
        >
          Delete Selected{selected.size > 0 ? ` (${selected.size})` : ''}
        </Button>
        <Button variant="ghost" size="sm" aria-pressed={showLog} onClick={() => setShowLog((v) => !v)}>
          {showLog ? 'Hide Activity Log' : 'Show Activity Log'}
        </Button>
      </div>
      {showLog ? (
        <section aria-label="Activity log" className="admin-users__log">
          <ActivityTab />
        </section>
      ) : null}
      {users.isPending ? (
        <LoadingState label="Loading users" />
      ) : users.isError ? (
        <ErrorState
          title="Failed to fetch users"
          message={users.error.message}
          onRetry={() => void users.refetch()}
          retrying={users.isFetching}
        />
      ) : rows.length === 0 ? (
        <EmptyState
          title="No users found matching your criteria."
          action={
            <Button variant="ghost" size="sm" onClick={reset}>
              Reset all filters
            </Button>
          }
        />
      ) : (
        <>
          <p className="admin-card__meta" aria-live="polite">
            {users.data.total === rows.length
              ? `Showing all ${users.data.total} users`
              : `Showing ${rows.length} of ${users.data.total} users`}
          </p>
          <div className="admin__table-wrap">
            <table className="admin-table">
              <caption className="sr-only">Users</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <input
                      type="checkbox"
                      aria-label="Select all users"
                      checked={allSelected}
                      disabled={selectable.length === 0}
                      onChange={toggleAll}
                    />
                  </th>
                  <th scope="col">User</th>
                  <th scope="col">Reviews</th>
                  <th scope="col">Level</th>
                  <th scope="col">Most visited city</th>
                  <th scope="col">Status</th>
                  <th scope="col">Joined</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((user) => (
                  <UserRow
                    key={user.id}
                    user={user}
                    isMe={user.id === me?.id}
                    selected={selected.has(user.id)}
                    onToggle={() => toggle(user.id)}
                    onOpen={() => setDetail(user)}
                  />
                ))}
              </tbody>
            </table>
          </div>
          {users.data.total > ADMIN_USERS_PAGE ? (
            <div className="admin-card__actions">
              <Button
                variant="outline"
                size="sm"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - ADMIN_USERS_PAGE))}
              >
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={offset + ADMIN_USERS_PAGE >= users.data.total}
                onClick={() => setOffset(offset + ADMIN_USERS_PAGE)}
              >
                Next
              </Button>
            </div>
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete users"
        description={`Are you sure you want to delete ${selected.size} user(s)?`}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={onDelete}
      />
      <UserDetailDialog user={detail} onOpenChange={(open) => !open && setDetail(null)} />
    </div>
  );
}

interface UserRowProps {
  user: AdminUserDto;
  isMe: boolean;
  selected: boolean;
  onToggle: () => void;
  onOpen: () => void;
}

function UserRow({ user, isMe, selected, onToggle, onOpen }: UserRowProps) {
  const [asking, setAsking] = useState(false);
  const setActive = useSetUserActive();
  const deactivating = user.isActive;
  const onStatus = () => {
    // The server refuses it too; said at once rather than after a dialog.
    if (deactivating && isMe) {
      toast.error(ADMIN_USERS_MESSAGES.cannotDeactivateSelf);
      return;
    }
    setAsking(true);
  };
  const onConfirm = (reason: string | undefined) =>
    setActive.mutate(
      { id: user.id, active: !deactivating, reason },
      {
        onSuccess: () => {
          setAsking(false);
          toast.success(deactivating ? 'User has been deactivated' : 'User has been reactivated');
        },
        onError: (error) => toast.error('Failed to update user status', { description: error.message }),
      },
    );
  return (
    <tr>
      <td data-label="Select">
        <input
          type="checkbox"
          aria-label={isMe ? 'You cannot select your own account' : `Select ${user.username}`}
          checked={selected}
          disabled={isMe}
          onChange={onToggle}
        />
      </td>
      <td data-label="User">
        <button type="button" className="admin-user" onClick={onOpen}>
          <UserAvatar name={user.name} username={user.username} src={user.profilePicture} size="sm" />
          <span>
            <span className="admin-user__name">{user.name}</span>
            <span className="admin-user__handle">@{user.username}</span>
          </span>
        </button>
      </td>
      <td data-label="Reviews">{user.reviewCount}</td>
      <td data-label="Level">{user.level}</td>
      <td data-label="Most visited city">{user.mostVisitedCity ?? '—'}</td>
      <td data-label="Status">
        <span className={user.isActive ? 'admin-badge' : 'admin-badge admin-badge--muted'}>
          {user.isActive ? 'Active' : 'Inactive'}
        </span>
      </td>
      <td data-label="Joined">
        <time dateTime={user.createdAt}>{formatDateTime(user.createdAt)}</time>
      </td>
      <td data-label="Actions">
        <div className="admin-card__actions">
          <Button size="sm" variant="outline" onClick={onOpen}>
            View
          </Button>
          <Button size="sm" variant={deactivating ? 'danger' : 'outline'} onClick={onStatus}>
            {deactivating ? 'Deactivate' : 'Reactivate'}
          </Button>
        </div>
        <DecisionDialog
          open={asking}
          onOpenChange={setAsking}
          title={deactivating ? `Deactivate @${user.username}?` : `Reactivate @${user.username}?`}
          description={
            deactivating
              ? 'They cannot sign in, and every session of theirs ends at once.'
              : 'They can sign in again.'
          }
          confirmLabel={deactivating ? 'Deactivate' : 'Reactivate'}
          destructive={deactivating}
          pending={setActive.isPending}
          onConfirm={onConfirm}
        />
      </td>
    </tr>
  );
}
