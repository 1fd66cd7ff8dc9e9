import { Component, lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MapPinOff, RefreshCw, X } from 'lucide-react';
import type { RankedRestaurantDto } from '@dinebuds/contracts';
import { Button } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/states';
import { Stars } from '@/features/reviews';
import { useEnv } from '@/lib/env';
import type { useSaveToggle } from '../api/toggle-saved';
import { RankBadge, RankLegend, budReviewLabel } from './rank-badge';
import { RankedList } from './ranked-list';
import { SaveButton } from './save-button';

// Leaflet is its own chunk: only a visitor who opens the Map tab downloads it.
const RankedMapCanvas = lazy(() => import('./ranked-map-canvas'));

interface RankedMapProps {
  entries: RankedRestaurantDto[];
  city: string;
  saves: ReturnType<typeof useSaveToggle>;
}

/** Spec 2 §5: a marker needs both coordinates (zero or missing is skipped). */
export function placed(entries: RankedRestaurantDto[]): RankedRestaurantDto[] {
  return entries.filter(
    (entry) =>
      typeof entry.latitude === 'number' &&
      typeof entry.longitude === 'number' &&
      entry.latitude !== 0 &&
      entry.longitude !== 0,
  );
}

/**
 * Spec 2 §Map view: the numbered markers, the legend, the info card of the chosen marker, and
 * "Map view unavailable" with the list when the map cannot load (tiles, the chunk or /api/env).
 */
export function RankedMap({ entries, city, saves }: RankedMapProps) {
  const env = useEnv();
  const pins = useMemo(() => placed(entries), [entries]);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = pins.find((entry) => entry.id === selectedId) ?? null;
  const skipped = entries.length - pins.length;

  if (env.isError || failed) {
    return (
      <div className="discover-map__fallback">
        <div className="notice discover-notice" role="status">
          <MapPinOff aria-hidden="true" />
          <div>
            <p className="notice__title">Map view unavailable</p>
            <p>
              We&apos;re having trouble loading the map. Please use the list view instead, or try again later.
            </p>
          </div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
              if (env.isError) void env.refetch();
            }}
          >
            <RefreshCw aria-hidden="true" /> Try again
          </Button>
        </div>
        <RankedList entries={entries} city={city} saves={saves} />
      </div>
    );
  }
  if (env.isPending) return <LoadingState label="Loading map" />;

  return (
    <div className="discover-map">
      <ChunkBoundary
        onError={() => setFailed(true)}
        key={attempt}
        fallback={<LoadingState label="Loading map" />}
      >
        <RankedMapCanvas
          entries={pins}
          tileUrl={env.data.mapTileUrl}
          attribution={env.data.mapAttribution}
          selectedId={selectedId}
          onSelect={setSelectedId}
          onReady={() => undefined}
          onError={() => setFailed(true)}
        />
      </ChunkBoundary>
      {skipped > 0 ? (
        <p className="discover-map__skipped">
          {skipped} {skipped === 1 ? 'place has' : 'places have'} no position and{' '}
          {skipped === 1 ? 'is' : 'are'} only in the list view.
        </p>
      ) : null}
      {selected ? (
        <InfoCard entry={selected} saves={saves} onClose={() => setSelectedId(null)} />
      ) : (
        <p className="discover-map__hint">Select a numbered marker to see the restaurant.</p>
      )}
      <RankLegend />
    </div>
  );
}

/** Spec 2: photo, rank badge, linked name, address, stars (rounded), "{n} bud review(s)", Save. */
function InfoCard({
  entry,
  saves,
  onClose,
}: {
  entry: RankedRestaurantDto;
  saves: RankedMapProps['saves'];
  onClose: () => void;
}) {
  return (
    <section className="card discover-info" aria-label={`#${entry.rank} ${entry.name}`}>
      <img className="discover-info__photo" src={entry.photoUrl} alt="" width={72} height={72} />
      <div className="discover-info__body">
        <p className="discover-info__title">
          <RankBadge rank={entry.rank} color={entry.colorRating} />
          <Link to={`/restaurants/${entry.id}`}>{entry.name}</Link>
        </p>
        <p className="discover-info__address">{entry.address}</p>
        <p className="discover-info__rating">
          <Stars rating={Math.round(entry.rating)} />
          <span>{budReviewLabel(entry.friendReviewCount)}</span>
        </p>
        <SaveButton
          name={entry.name}
          saved={saves.isSaved(entry.id)}
          busy={saves.isPending(entry.id)}
          onToggle={() => saves.toggle({ id: entry.id, name: entry.name })}
        />
      </div>
      <Button variant="ghost" size="icon" aria-label="Close" onClick={onClose}>
        <X aria-hidden="true" />
      </Button>
    </section>
  );
}

/** A Suspense whose chunk failed to load (offline, a new deploy) reports it instead of throwing. */
class ChunkBoundary extends Component<
  { children: ReactNode; fallback: ReactNode; onError: () => void },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    if (this.state.failed) return null;
    return <Suspense fallback={this.props.fallback}>{this.props.children}</Suspense>;
  }
}
