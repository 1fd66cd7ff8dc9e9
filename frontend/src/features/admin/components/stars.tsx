/** A rating as five stars, read out as "N out of 5 stars". */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className="admin-stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {'★'.repeat(rating)}
      <span className="admin-stars__empty">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}
