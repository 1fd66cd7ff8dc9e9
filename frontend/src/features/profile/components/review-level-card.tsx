import { Crown, Star } from 'lucide-react';
import { reviewLevelFor } from '@dinebuds/contracts';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { pluralize } from '@/lib/format';

/** The review-level title and the bar towards the next one (spec 1 §4). */
export function ReviewLevelCard({ reviewCount }: { reviewCount: number }) {
  const level = reviewLevelFor(reviewCount);
  const toNext = level.nextMinReviews === null ? 0 : Math.max(0, level.nextMinReviews - reviewCount);
  return (
    <Card className="level-card" aria-labelledby="review-level-title">
      <div className="level-card__row">
        <span
          className={level.isTopLevel ? 'level-card__icon level-card__icon--top' : 'level-card__icon'}
          aria-hidden="true"
        >
          {level.isTopLevel ? <Crown /> : <Star />}
        </span>
        <div className="level-card__text">
          <p className="level-card__eyebrow">Review level</p>
          <h2 className="level-card__title" id="review-level-title">
            {level.title}
            {level.isTopLevel ? <Crown className="level-card__crown" aria-label="Top level" /> : null}
          </h2>
        </div>
        <p className="level-card__count">{pluralize(reviewCount, 'review')}</p>
      </div>
      <Progress
        value={level.progressPercent}
        label={`Progress to ${level.nextTitle ?? 'the top level'}`}
        valueText={
          level.isTopLevel
            ? 'Top level reached'
            : `${level.progressPercent}% of the way to ${level.nextTitle}`
        }
      />
      {level.nextTitle ? (
        <p className="level-card__next">
          {pluralize(toNext, 'more review')} to <strong>{level.nextTitle}</strong>
        </p>
      ) : null}
    </Card>
  );
}
