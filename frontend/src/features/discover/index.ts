// The discover feature's public face: the save toggle with spec 2's toasts (the feed saves from its
// items too). The Discover screen itself is loaded by its route.
export { useSaveToggle } from './api/toggle-saved';
export { SaveButton } from './components/save-button';
export type { SaveTarget } from './api/toggle-saved';
export { TasteMatchCard } from './components/taste-match-card';
// Restaurant search (GET /api/restaurants/search): the Let's eat poll's picker searches with it too.
