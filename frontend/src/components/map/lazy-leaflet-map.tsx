import { lazy } from 'react';

export type { LeafletMapProps, MapPin } from './leaflet-map';

/**
 * Leaflet and its CSS are one chunk, shared by the profile's Map tab and the restaurant page:
 * only a visitor who opens a map downloads them.
 */
export const LeafletMap = lazy(() => import('./leaflet-map'));
