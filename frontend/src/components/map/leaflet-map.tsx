import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CircleMarker, MapContainer, Popup, TileLayer } from 'react-leaflet';
import type { LatLngBoundsExpression, LatLngTuple } from 'leaflet';
// Ours first, then Leaflet's: the order they had when ours sat in styles/index.css.
import './leaflet-map.css';
import 'leaflet/dist/leaflet.css';

/** Spec 1 §Map tab: New York when there is nothing to show. */
const NEW_YORK: LatLngTuple = [40.7128, -74.006];
/** Without any tile within this time the map counts as unavailable (a machine without internet). */
const TILE_TIMEOUT_MS = 8000;

export interface MapPin {
  id: number | string;
  latitude: number;
  longitude: number;
  /** Fill colour of the round marker. */
  colour: string;
  popup?: ReactNode;
}

export interface LeafletMapProps {
  pins: MapPin[];
  tileUrl: string;
  /** Zoom around a single pin (bounds of one point have no size). */
  singlePinZoom?: number;
  /** Draw the visitor's position as a blue dot when they already allowed geolocation. */
  showMyPosition?: boolean;
  /** The first tile arrived. */
  onReady?: () => void;
  /** Tiles cannot load: the caller shows its fallback. */
  onError: () => void;
}

/** Leaflet with round pins; its own lazy chunk (see lazy-leaflet-map.tsx), shared by every map. */
export default function LeafletMap({
  pins,
  tileUrl,
  singlePinZoom = 15,
  showMyPosition = false,
  onReady,
  onError,
}: LeafletMapProps) {
  const [me, setMe] = useState<LatLngTuple | null>(null);
  const bounds = useMemo<LatLngBoundsExpression | undefined>(
    () => (pins.length > 1 ? pins.map((pin) => [pin.latitude, pin.longitude] as LatLngTuple) : undefined),
    [pins],
  );
  const only = pins.length === 1 ? pins[0] : undefined;
  const center: LatLngTuple | undefined = bounds
    ? undefined
    : only
      ? [only.latitude, only.longitude]
      : NEW_YORK;

  // The parent's callbacks change every render; the latest ones are read when a tile answers.
  const callbacks = useRef({ onReady, onError });
  callbacks.current = { onReady, onError };
  const loaded = useRef(false);

  useEffect(() => {
    // A tile that never answers (DNS blocked, say) fires no error: time out instead.
    const timer = setTimeout(() => {
      if (!loaded.current) callbacks.current.onError();
    }, TILE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!showMyPosition) return;
    // The blue dot only when the visitor already allowed it: opening a map asks no permission.
    let cancelled = false;
    void navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((status) => {
        if (status.state !== 'granted' || cancelled) return;
        navigator.geolocation.getCurrentPosition((position) => {
          if (!cancelled) setMe([position.coords.latitude, position.coords.longitude]);
        });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [showMyPosition]);

  return (
    <MapContainer
      className="map-canvas"
      center={center}
      zoom={center ? (only ? singlePinZoom : 11) : undefined}
      bounds={bounds}
      boundsOptions={{ padding: [32, 32], maxZoom: 14 }}
      scrollWheelZoom={false}
    >
      <InNextTask>
        <TileLayer
          url={tileUrl}
          attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
          eventHandlers={{
            tileload: () => {
              if (!loaded.current) {
                loaded.current = true;
                callbacks.current.onReady?.();
              }
            },
            tileerror: () => {
              if (!loaded.current) callbacks.current.onError();
            },
          }}
        />
        {pins.map((pin) => (
          <CircleMarker
            key={pin.id}
            center={[pin.latitude, pin.longitude]}
            radius={9}
            pathOptions={{ color: '#ffffff', weight: 2, fillColor: pin.colour, fillOpacity: 0.95 }}
          >
            {pin.popup ? <Popup>{pin.popup}</Popup> : null}
          </CircleMarker>
        ))}
        {me ? (
          <CircleMarker
            center={me}
            radius={7}
            pathOptions={{ color: '#ffffff', fillColor: '#2563eb', fillOpacity: 1 }}
          />
        ) : null}
      </InNextTask>
    </MapContainer>
  );
}

/**
 * The map's layers (tiles, markers) a task after the map itself: Leaflet's set-up (with a forced
 * layout) and the layers' together made one 50-80 ms task of the restaurant page's load in
 * Lighthouse's trace of a phone; apart, each is well under half of it.
 */
function InNextTask({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return ready ? children : null;
}
