// Messaging's public face: the unread count and badge, the Messages tab of /social, the profile's
// Message button and the restaurant page's Share button. The screens behind them are lazy chunks:
// importing this index costs a page only these small components. /messages is loaded by its route.
export { useUnreadCount, unreadCountQueryKey } from './api/get-unread-count';
export { LazyMessagesTab } from './components/lazy-messages-tab';
export { MessageButton } from './components/message-button';
export { ShareRestaurantButton } from './components/share-restaurant-button';
export { UnreadBadge } from './components/unread-badge';
export type { ChatPartner } from './types';
