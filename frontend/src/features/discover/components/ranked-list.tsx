import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ChevronDown, HelpCircle, MapPin, Users } from 'lucide-react';
import type { RankedRestaurantDto } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { Stars } from '@/features/reviews';
import type { useSaveToggle } from '../api/toggle-saved';
import { RankBadge, budReviewLabel, ratingTone } from './rank-badge';
import { SaveButton } from './save-button';
import { WhyPanel } from './why-panel';

interface RankedListProps {
  entries: RankedRestaurantDto[];
  city: string;
  saves: ReturnType<typeof useSaveToggle>;
}

/** Spec 2 §List view: "Top {n} restaurants in {city} based on your buds' reviews" and the cards. */
export function RankedList({ entries, city, saves }: RankedListProps) {
  return (
    <section className="ranked-list" aria-labelledby="ranked-list-title">
      <p className="ranked-list__title" id="ranked-list-title">
        Top {entries.length} restaurants in {city} based on your buds&apos; reviews
      </p>
      <ol className="ranked-list__items" aria-labelledby="ranked-list-title">
        {entries.map((entry) => (
          <RankedCard key={entry.id} entry={entry} saves={saves} />
        ))}
      </ol>
    </section>
  );
}

function RankedCard({ entry, saves }: { entry: RankedRestaurantDto; saves: RankedListProps['saves'] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <li className="card ranked-card" data-rank={entry.rank}>
      <div className="ranked-card__main">
        <RankBadge rank={entry.rank} color={entry.colorRating} />
        <div className="ranked-card__body">
          <h3 className="ranked-card__name">
            <Link to={`/restaurants/${entry.id}`}>{entry.name}</Link>
          </h3>
          <p className="ranked-card__address">
            <MapPin aria-hidden="true" />
            {entry.address}
          </p>
          <p className="ranked-card__rating">
            <Stars rating={Math.round(entry.rating)} />
            <strong className={`rating rating--${ratingTone(entry.rating)}`}>
              {entry.rating.toFixed(1)}
            </strong>
            <span className="tag ranked-card__buds">
              <Users aria-hidden="true" />
              {budReviewLabel(entry.friendReviewCount)}
            </span>
          </p>
        </div>
      </div>
      <div className="ranked-card__actions">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen((value) => !value)}
        >
          <HelpCircle aria-hidden="true" />
          Why #{entry.rank}?
          <ChevronDown aria-hidden="true" className={open ? 'why-toggle__chevron--open' : undefined} />
        </Button>
        <SaveButton
          name={entry.name}
          saved={saves.isSaved(entry.id)}
          busy={saves.isPending(entry.id)}
          onToggle={() => saves.toggle({ id: entry.id, name: entry.name })}
        />
      </div>
      {open ? <WhyPanel entry={entry} id={panelId} /> : null}
    </li>
  );
}
