import { Laptop, Smartphone } from 'lucide-react';
import { toast } from 'sonner';
import type { SessionDto } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/chip';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { describeUserAgent, formatDateTime, formatRelative } from '@/lib/format';
import { useSessions } from '../api/get-sessions';
import { useRevokeSession } from '../api/revoke-session';

export function SessionsTab() {
  const sessions = useSessions();
  if (sessions.isPending) return <LoadingState compact label="Loading sessions" />;
  if (sessions.isError) {
    return (
      <ErrorState
        compact
        title="Couldn't load your sessions"
        message={sessions.error.message}
        onRetry={() => void sessions.refetch()}
        retrying={sessions.isFetching}
      />
    );
  }
  if (sessions.data.length === 0) return <EmptyState compact title="No active sessions" />;
  return (
    <div className="stack">
      <p className="muted">Devices signed in to your account. Revoke any you don't recognise.</p>
      <ul className="session-list" aria-label="Active sessions">
        {sessions.data.map((session) => (
          <SessionItem key={session.id} session={session} />
        ))}
      </ul>
    </div>
  );
}

function SessionItem({ session }: { session: SessionDto }) {
  const revoke = useRevokeSession();
  const device = describeUserAgent(session.userAgent);
  const mobile = /iOS|Android/.test(device);
  const Icon = mobile ? Smartphone : Laptop;
  return (
    <li className="session" aria-label={`${device}${session.current ? ' (this device)' : ''}`}>
      <span className="session__icon" aria-hidden="true">
        <Icon />
      </span>
      <div className="session__text">
        <p className="session__device">
          {device}
          {session.current ? <Badge tone="success">This device</Badge> : null}
        </p>
        <p className="session__meta">IP address: {session.ipAddress ?? 'Unknown'}</p>
        <p className="session__meta">Signed in {formatDateTime(session.createdAt)}</p>
        <p className="session__meta">
          Last seen{' '}
          <time dateTime={session.lastSeenAt} title={formatDateTime(session.lastSeenAt)}>
            {formatRelative(session.lastSeenAt)}
          </time>
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          loading={revoke.isPending}
          aria-label={`Revoke session on ${device}`}
          onClick={() =>
            revoke.mutate(session.id, {
              onSuccess: () =>
                toast.success('Session revoked', { description: `${device} has been signed out.` }),
              onError: (error) => toast.error('Could not revoke session', { description: error.message }),
            })
          }
        >
          Revoke
        </Button>
      )}
    </li>
  );
}
