import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { CircleMarker, MapContainer, Popup, TileLayer } from 'react-leaflet';
import type { LatLngBoundsExpression, LatLngTuple } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { ReviewDto } from '@dinebuds/contracts';
import { Stars } from '@/components/star-rating';

/** Spec 1 §Map tab: New York when there is nothing to show. */
const NEW_YORK: LatLngTuple = [40.7128, -74.006];
/** Without any tile within this time the map counts as unavailable (a machine without internet). */
const TILE_TIMEOUT_MS = 8000;

function pinColour(rating: number): string {
  if (rating >= 4) return '#2e7a3d';
  if (rating >= 2) return '#b7791f';
  return '#c53030';
}

interface ReviewMapProps {
  reviews: ReviewDto[];
  tileUrl: string;
  onReady: () => void;
  onError: () => void;
}

export default function ReviewMap({ reviews, tileUrl, onReady, onError }: ReviewMapProps) {
  const [me, setMe] = useState<LatLngTuple | null>(null);
  const placed = reviews.filter((r) => r.restaurant.latitude !== null && r.restaurant.longitude !== null);
  const bounds = useMemo<LatLngBoundsExpression | undefined>(
    () =>
      placed.length > 0
        ? placed.map(
            (r) => [r.restaurant.latitude as number, r.restaurant.longitude as number] as LatLngTuple,
          )
        : undefined,
    [placed],
  );

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
    // The blue dot only when the visitor already allowed it: opening a tab asks no permission.
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
  }, []);

  return (
    <MapContainer
      className="review-map__canvas"
      center={bounds ? undefined : NEW_YORK}
      zoom={bounds ? undefined : 11}
      bounds={bounds}
      boundsOptions={{ padding: [32, 32], maxZoom: 14 }}
      scrollWheelZoom={false}
    >
      <TileLayer
        url={tileUrl}
        attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
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
      {placed.map((review) => (
        <CircleMarker
          key={review.id}
          center={[review.restaurant.latitude as number, review.restaurant.longitude as number]}
          radius={9}
          pathOptions={{
            color: '#ffffff',
            weight: 2,
            fillColor: pinColour(review.rating),
            fillOpacity: 0.95,
          }}
        >
          <Popup>
            <div className="map-popup">
              <img src={review.restaurant.photoUrl} alt="" width={64} height={64} />
              <Link to={`/restaurant/${review.restaurantId}`}>{review.restaurant.name}</Link>
              <p>{review.restaurant.address}</p>
              <Stars rating={review.rating} />
            </div>
          </Popup>
        </CircleMarker>
      ))}
      {me ? (
        <CircleMarker
          center={me}
          radius={7}
          pathOptions={{ color: '#ffffff', fillColor: '#2563eb', fillOpacity: 1 }}
        />
      ) : null}
    </MapContainer>
  );
}
