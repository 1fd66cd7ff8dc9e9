import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, Marker, TileLayer, ZoomControl } from 'react-leaflet';
import { divIcon, type LatLngBoundsExpression, type LatLngTuple } from 'leaflet';
import type { RankedRestaurantDto } from '@dinebuds/contracts';
import 'leaflet/dist/leaflet.css';

/** Spec 2 §Map view: default centre New York, zoom 13; fit to the markers, zoom capped at 16. */
const NEW_YORK: LatLngTuple = [40.7128, -74.006];
const DEFAULT_ZOOM = 13;
const MAX_FIT_ZOOM = 16;
/** Without any tile within this time the map counts as unavailable (a machine without internet). */
const TILE_TIMEOUT_MS = 8000;

export interface RankedMapCanvasProps {
  /** Entries with both coordinates (the caller skips the rest). */
  entries: RankedRestaurantDto[];
  tileUrl: string;
  attribution: string;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onReady: () => void;
  onError: () => void;
}

function markerIcon(entry: RankedRestaurantDto, selected: boolean) {
  return divIcon({
    className: `rank-marker rank-badge--${entry.colorRating}${selected ? ' rank-marker--selected' : ''}`,
    html: `<span aria-hidden="true">${entry.rank}</span>`,
    iconSize: [32, 32],
    iconAnchor: [16, 16],
  });
}

/**
 * The Leaflet map of Discover: numbered round markers coloured by rank (stacked 11 minus rank, so
 * #1 is on top), keyboard-reachable, each naming its rank and place. Its own chunk: only a
 * visitor who opens the Map tab downloads Leaflet.
 */
export default function RankedMapCanvas({
  entries,
  tileUrl,
  attribution,
  selectedId,
  onSelect,
  onReady,
  onError,
}: RankedMapCanvasProps) {
  const bounds = useMemo<LatLngBoundsExpression | undefined>(
    () =>
      entries.length > 0
        ? entries.map((entry) => [entry.latitude, entry.longitude] as LatLngTuple)
        : undefined,
    [entries],
  );
  const callbacks = useRef({ onReady, onError });
  callbacks.current = { onReady, onError };
  const loaded = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      if (!loaded.current) callbacks.current.onError();
    }, TILE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <MapContainer
      className="map-canvas discover-map__canvas"
      center={bounds ? undefined : NEW_YORK}
      zoom={bounds ? undefined : DEFAULT_ZOOM}
      bounds={bounds}
      boundsOptions={{ padding: [40, 40], maxZoom: MAX_FIT_ZOOM }}
      scrollWheelZoom={false}
      zoomControl={false}
    >
      <ZoomControl position="topright" />
      <TileLayer
        url={tileUrl}
        attribution={attribution}
        eventHandlers={{
          tileload: () => {
            if (!loaded.current) {
              loaded.current = true;
              callbacks.current.onReady();
            }
          },
          tileerror: () => {
            if (!loaded.current) callbacks.current.onError();
          },
        }}
      />
      {entries.map((entry) => (
        <Marker
          key={entry.id}
          position={[entry.latitude as number, entry.longitude as number]}
          icon={markerIcon(entry, entry.id === selectedId)}
          title={`#${entry.rank} ${entry.name}`}
          alt={`#${entry.rank} ${entry.name}`}
          zIndexOffset={(11 - Math.min(entry.rank, 11)) * 100}
          eventHandlers={{ click: () => onSelect(entry.id) }}
        />
      ))}
    </MapContainer>
  );
}
