import { useState } from 'react';
import { toast } from 'sonner';
import type { AdminReviewDto } from '@dinebuds/contracts';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formatDateTime } from '@/lib/format';
import { useDeleteReviews } from '../api/delete-reviews';
import { useAdminReviews } from '../api/get-admin-reviews';
import { truncate } from './person';
import { ReviewDetailsDialog } from './review-details-dialog';
import { reviewCountLabel, reviewerLabel } from './review-labels';
import { Stars } from './stars';
import { useIdSelection } from '../hooks/use-id-selection';

const PAGE = 100;
const RATINGS = ['all', '5', '4', '3', '2', '1'] as const;

/**
 * Spec 2 Reviews tab: search (restaurant, user, comment), rating filter, a table with selection,
 * a details dialog and single or bulk delete (DELETE /api/reviews/{id} per review), all server-backed.
 */
export function ReviewsTab() {
  const [search, setSearch] = useState('');
  const [rating, setRating] = useState<string>('all');
  const [limit, setLimit] = useState(PAGE);
  const [details, setDetails] = useState<AdminReviewDto | null>(null);
  /** What the confirmation asks about: one review, or the selection (bulk). */
  const [confirming, setConfirming] = useState<{ ids: readonly number[]; bulk: boolean } | null>(null);
  const debounced = useDebouncedValue(search, 300);
  const reviews = useAdminReviews({ search: debounced, rating, limit });
  const remove = useDeleteReviews();

  const list = reviews.data?.reviews ?? [];
  const { selected, allSelected, toggle, toggleAll, drop } = useIdSelection(list.map((r) => r.id));
  const onConfirm = (ids: readonly number[]) =>
    remove.mutate(ids, {
      onSuccess: () => {
        toast.success('Review(s) deleted successfully');
        drop(ids);
        setDetails(null);
      },
      onError: (error) => toast.error('Failed to delete review(s)', { description: error.message }),
      onSettled: () => setConfirming(null),
    });

  return (
    <div className="admin-reviews">
      <div className="admin-toolbar">
        <Input
          type="search"
          aria-label="Search reviews"
          placeholder="Search by restaurant, user or comment"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <select
          className="input admin-toolbar__select"
          aria-label="Filter by rating"
          value={rating}
          onChange={(event) => setRating(event.target.value)}
        >
          {RATINGS.map((value) => (
            <option key={value} value={value}>
              {value === 'all' ? 'All ratings' : `${value} star${value === '1' ? '' : 's'}`}
            </option>
          ))}
        </select>
        <Button
          variant="danger"
          disabled={selected.size === 0}
          onClick={() => setConfirming({ ids: [...selected], bulk: true })}
        >
          Delete Selected{selected.size > 0 ? ` (${selected.size})` : ''}
        </Button>
      </div>
      {reviews.isPending ? (
        <LoadingState label="Loading reviews" />
      ) : reviews.isError ? (
        <ErrorState
          title="Failed to fetch reviews"
          message={reviews.error.message}
          onRetry={() => void reviews.refetch()}
          retrying={reviews.isFetching}
        />
      ) : reviews.data.overall === 0 ? (
        <EmptyState title="No reviews found" />
      ) : reviews.data.total === 0 ? (
        <EmptyState title="No reviews found matching your criteria." />
      ) : (
        <>
          <p className="admin-count" aria-live="polite">
            {reviewCountLabel(list.length, reviews.data.overall)}
          </p>
          <div className="admin__table-wrap">
            <table className="admin-table admin-table--rows">
              <caption className="sr-only">Reviews</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <input
                      type="checkbox"
                      aria-label="Select all reviews"
                      checked={allSelected}
                      onChange={toggleAll}
                    />
                  </th>
                  <th scope="col">ID</th>
                  <th scope="col">Restaurant</th>
                  <th scope="col">User</th>
                  <th scope="col">Rating</th>
                  <th scope="col">Comment</th>
                  <th scope="col">Date</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.map((review) => (
                  <tr key={review.id} onClick={() => setDetails(review)}>
                    <td data-label="Select" onClick={(event) => event.stopPropagation()}>
                      <input
                        type="checkbox"
                        aria-label={`Select review ${review.id}`}
                        checked={selected.has(review.id)}
                        onChange={() => toggle(review.id)}
                      />
                    </td>
                    <td data-label="ID">{review.id}</td>
                    <td data-label="Restaurant">{review.restaurant.name}</td>
                    <td data-label="User">
                      <span className="admin-user">
                        <UserAvatar
                          size="sm"
                          name={review.user?.name ?? ''}
                          username={review.user?.username ?? String(review.userId)}
                          src={review.user?.profilePicture ?? null}
                        />
                        {reviewerLabel(review)}
                      </span>
                    </td>
                    <td data-label="Rating">
                      <Stars rating={review.rating} />
                    </td>
                    <td data-label="Comment">
                      {review.comment ? truncate(review.comment, 50) : <em>No comment</em>}
                    </td>
                    <td data-label="Date">
                      <time dateTime={review.createdAt}>{formatDateTime(review.createdAt)}</time>
                    </td>
                    <td data-label="Actions" onClick={(event) => event.stopPropagation()}>
                      <div className="admin-card__actions">
                        <Button size="sm" variant="outline" onClick={() => setDetails(review)}>
                          View<span className="sr-only"> review {review.id}</span>
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setConfirming({ ids: [review.id], bulk: false })}
                        >
                          Delete<span className="sr-only"> review {review.id}</span>
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {list.length < reviews.data.total ? (
            <Button variant="outline" onClick={() => setLimit((n) => n + PAGE)} loading={reviews.isFetching}>
              Show more
            </Button>
          ) : null}
        </>
      )}
      <ReviewDetailsDialog
        review={details}
        onClose={() => setDetails(null)}
        onDelete={(review) => setConfirming({ ids: [review.id], bulk: false })}
      />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title="Delete review"
        description={
          confirming?.bulk
            ? `Are you sure you want to delete ${confirming.ids.length} review(s)?`
            : 'Are you sure you want to delete this review?'
        }
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => confirming && onConfirm(confirming.ids)}
      />
    </div>
  );
}
