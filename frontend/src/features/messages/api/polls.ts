import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePollRequest, PollDto } from '@dinebuds/contracts';
import { useCurrentUser } from '@/features/auth';
import { api } from '@/lib/api';
import { CONVERSATION_POLL_MS, conversationQueryKey } from './get-conversation';
import { conversationsQueryKey } from './get-conversations';
import { messagesQueryKey } from './keys';
import { useMessageStream } from './message-stream';

// "Let's eat" polls (docs/api-messaging.md): GET /polls/{id}, POST /polls, POST /polls/{id}/vote.

export const pollQueryKey = (pollId: number) => [...messagesQueryKey, 'poll', pollId] as const;

export const getPoll = (pollId: number, signal?: AbortSignal) =>
  api.get<PollDto>(`/api/messages/polls/${pollId}`, { signal });

/** An open poll is read again as often as its conversation, until the vote decides it. */
export const getPollQueryOptions = (pollId: number) =>
  queryOptions({
    queryKey: pollQueryKey(pollId),
    queryFn: ({ signal }) => getPoll(pollId, signal),
    refetchInterval: (query) => (query.state.data?.status === 'decided' ? false : CONVERSATION_POLL_MS),
  });

/** The stream announces a vote (its poll_result message), so a live stream needs no polling. */
export function usePoll(pollId: number, meId: number) {
  const live = useMessageStream(meId);
  const options = getPollQueryOptions(pollId);
  return useQuery({ ...options, refetchInterval: live ? false : options.refetchInterval });
}

export const createPoll = (request: CreatePollRequest) => api.post<PollDto>('/api/messages/polls', request);

export const votePoll = ({ pollId, optionId }: { pollId: number; optionId: number }) =>
  api.post<PollDto>(`/api/messages/polls/${pollId}/vote`, { optionId });

function useRefreshConversation() {
  const queryClient = useQueryClient();
  const { data: me } = useCurrentUser();
  return (poll: PollDto) => {
    if (!me) return;
    const other = poll.proposerId === me.id ? poll.receiverId : poll.proposerId;
    queryClient.setQueryData(pollQueryKey(poll.id), poll);
    void queryClient.invalidateQueries({ queryKey: conversationQueryKey(me.id, other) });
    void queryClient.invalidateQueries({ queryKey: conversationsQueryKey(me.id) });
  };
}

export function useCreatePoll() {
  const refresh = useRefreshConversation();
  return useMutation({ mutationFn: createPoll, onSuccess: refresh });
}

export function useVotePoll() {
  const refresh = useRefreshConversation();
  return useMutation({ mutationFn: votePoll, onSuccess: refresh });
}
