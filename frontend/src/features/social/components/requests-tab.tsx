import { Inbox } from 'lucide-react';
import { toast } from 'sonner';
import type { CurrentUserDto, FollowRequestDto } from '@dinebuds/contracts';
import { PrivacySwitch } from './privacy-switch';
import { UserRow } from '@/components/user-row';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { formatRelative } from '@/lib/format';
import { useAnswerFollowRequest, type RequestAnswer } from '../api/answer-follow-request';
import { useFollowRequests } from '../api/get-follow-requests';
import { SectionHeading } from './section-heading';

/** Spec 2 Social screen, Requests tab: the privacy switch and the pending follow requests. */
export function RequestsTab({ user }: { user: CurrentUserDto }) {
  const requests = useFollowRequests(user.id);
  const answer = useAnswerWithToasts();
  const onAnswer = (request: FollowRequestDto, choice: RequestAnswer) =>
    answer.mutate({ request, answer: choice });
  return (
    <div className="stack">
      <SectionHeading id="requests-title" title="Requests" description="People who want to follow you" />
      <Card>
        <PrivacySwitch
          user={user}
          privateText="New followers must be approved"
          publicText="Anyone can follow you"
        />
      </Card>
      <section className="stack stack--tight" aria-labelledby="follow-requests-title">
        <h3 className="section-title" id="follow-requests-title">
          Follow Requests
        </h3>
        {requests.isPending ? (
          <LoadingState compact label="Loading follow requests" />
        ) : requests.isError ? (
          <ErrorState
            compact
            title="Couldn't load follow requests"
            message={requests.error.message}
            onRetry={() => void requests.refetch()}
            retrying={requests.isFetching}
          />
        ) : requests.data.length === 0 ? (
          <EmptyState
            compact
            icon={<Inbox />}
            title="No pending follow requests"
            description={
              user.isPrivate
                ? 'When someone asks to follow you, their request shows up here.'
                : 'Your profile is public, so people can follow you without asking.'
            }
          />
        ) : (
          <ul className="user-list" aria-label="Follow requests">
            {requests.data.map((request) => (
              <FollowRequestRow key={request.id} request={request} onAnswer={onAnswer} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function requesterName(request: FollowRequestDto): string {
  return request.requester.name?.trim() || request.requester.username;
}

/** The spec's toasts for an answered request (the row is gone by the time the answer arrives). */
function useAnswerWithToasts() {
  return useAnswerFollowRequest({
    onAnswered: (result, { request, answer }) => {
      const name = requesterName(request);
      if (answer === 'delete') {
        toast.success('Request deleted', { description: `${name}'s follow request was removed.` });
        return;
      }
      const followBack = 'followBack' in result ? result.followBack : null;
      const description =
        followBack?.status === 'following'
          ? `${name} now follows you, and you follow ${name} back.`
          : followBack?.status === 'requested'
            ? `${name} now follows you. ${name}'s account is private, so your follow request awaits approval.`
            : `${name} can now see your reviews and saved restaurants.`;
      toast.success('Request accepted', { description });
    },
    onFailed: (error, { answer }) =>
      toast.error(answer === 'delete' ? 'Could not delete the request' : 'Could not accept the request', {
        description: error.message,
      }),
  });
}

interface FollowRequestRowProps {
  request: FollowRequestDto;
  onAnswer: (request: FollowRequestDto, answer: RequestAnswer) => void;
}

function FollowRequestRow({ request, onAnswer }: FollowRequestRowProps) {
  const requester = request.requester;
  const name = requesterName(request);
  return (
    <UserRow
      className="user-row--request"
      user={{ ...requester, profilePicture: requester.profilePicture ?? requester.profileImage }}
      meta={
        <span className="muted">
          Asked <time dateTime={request.createdAt}>{formatRelative(request.createdAt)}</time>
        </span>
      }
      action={
        <div className="request-actions" role="group" aria-label={`Answer ${name}'s request`}>
          <Button size="sm" onClick={() => onAnswer(request, 'accept-and-follow')}>
            Accept & Follow
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onAnswer(request, 'accept')}>
            Accept
          </Button>
          <Button variant="outline" size="sm" onClick={() => onAnswer(request, 'delete')}>
            Delete
          </Button>
        </div>
      }
    />
  );
}
