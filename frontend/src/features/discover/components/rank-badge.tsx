import type { RankColor } from '@dinebuds/contracts';

/** The numbered circle of a ranked entry, coloured by rank (spec 2 §9). */
export function RankBadge({ rank, color }: { rank: number; color: RankColor }) {
  return (
    <span className={`rank-badge rank-badge--${color}`} aria-label={`Rank ${rank}`} role="img">
      {rank}
    </span>
  );
}

/** Spec 2 §Map view legend "Restaurant Rankings". */
export const RANK_LEGEND: { color: RankColor; label: string }[] = [
  { color: 'green', label: '#1' },
  { color: 'light-green', label: '#2-3' },
  { color: 'yellow', label: '#4-6' },
  { color: 'orange', label: '#7-9' },
  { color: 'red', label: '#10+' },
];

export function RankLegend() {
  return (
    <div className="rank-legend">
      <p className="rank-legend__title" id="rank-legend-title">
        Restaurant Rankings
      </p>
      <ul aria-labelledby="rank-legend-title">
        {RANK_LEGEND.map(({ color, label }) => (
          <li key={color}>
            <span className={`rank-legend__dot rank-badge--${color}`} aria-hidden="true" />
            {label}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Spec 2 §9: list card rating colour, >= 4 yellow, >= 3 amber, else grey. */
export function ratingTone(rating: number | null): 'high' | 'mid' | 'low' | 'none' {
  if (rating === null) return 'none';
  if (rating >= 4) return 'high';
  if (rating >= 3) return 'mid';
  return 'low';
}

export function budReviewLabel(count: number): string {
  return `${count} bud review${count === 1 ? '' : 's'}`;
}
