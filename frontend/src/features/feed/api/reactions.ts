import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckInCommentDto, FeedItemDto, MessageResponse } from '@dinebuds/contracts';
import { reviewsQueryKey } from '@/features/reviews';
import { api } from '@/lib/api';

/** What people like and comment on: a check-in or a status, by its route's prefix and id. */
export interface Post {
  kind: 'check-ins' | 'statuses';
  id: number;
}

/** What a comment shows, on a check-in or a status alike. */
export type PostComment = Pick<CheckInCommentDto, 'id' | 'user' | 'text' | 'createdAt'>;

const FEED_POST = /^(checkin|status)-(\d+)$/;

/** The post a feed item names ('checkin-7', 'status-3'); null for reviews and saves. */
export function postOf(item: Pick<FeedItemDto, 'id'>): Post | null {
  const match = FEED_POST.exec(item.id);
  if (!match) return null;
  return { kind: match[1] === 'checkin' ? 'check-ins' : 'statuses', id: Number(match[2]) };
}

export const commentsQueryKey = (post: Post) => [...reviewsQueryKey, post.kind, post.id, 'comments'] as const;

/** POST /api/{check-ins|statuses}/{id}/like: toggles my like; answers the new state and count. */
export const toggleLike = (post: Post) =>
  api.post<{ liked: boolean; likeCount: number }>(`/api/${post.kind}/${post.id}/like`);

/** GET /api/{check-ins|statuses}/{id}/comments. */
export const getComments = (post: Post, signal?: AbortSignal) =>
  api.get<PostComment[]>(`/api/${post.kind}/${post.id}/comments`, { signal });

/** POST /api/{check-ins|statuses}/{id}/comments. */
export const postComment = (post: Post, text: string) =>
  api.post<PostComment>(`/api/${post.kind}/${post.id}/comments`, { text });

/** DELETE /api/{check-ins|statuses}/{id}/comments/{commentId}: my comment, or any on my post. */
export const deleteComment = (post: Post, commentId: number) =>
  api.delete<MessageResponse>(`/api/${post.kind}/${post.id}/comments/${commentId}`);

export const getCommentsQueryOptions = (post: Post) =>
  queryOptions({ queryKey: commentsQueryKey(post), queryFn: ({ signal }) => getComments(post, signal) });

export function useComments(post: Post) {
  return useQuery(getCommentsQueryOptions(post));
}

export function useToggleLike(post: Post) {
  return useMutation({ mutationFn: () => toggleLike(post) });
}

/** Adds the new comment to the open list at once (the server's answer is the comment). */
export function usePostComment(post: Post) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => postComment(post, text),
    onSuccess: (comment) =>
      queryClient.setQueryData<PostComment[]>(commentsQueryKey(post), (current) =>
        current ? [...current, comment] : [comment],
      ),
  });
}

/** Takes the comment out of the open list once the server deleted it. */
export function useDeleteComment(post: Post) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => deleteComment(post, commentId),
    onSuccess: (_answer, commentId) =>
      queryClient.setQueryData<PostComment[]>(commentsQueryKey(post), (current) =>
        current?.filter((comment) => comment.id !== commentId),
      ),
  });
}
