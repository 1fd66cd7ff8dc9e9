// The reviews feature's public face: the review sheet (a chunk fetched on first open), card
// and stars the profile and restaurant screens show, and the reviews service's queries (keys
// included, for other features' refreshes).
export { activityQueryKeyAll, useActivity } from './api/get-activity';
export { savedRestaurantsQueryKeyAll, useSavedRestaurants } from './api/get-saved-restaurants';
export { reviewsQueryKey, useUserReviews } from './api/get-user-reviews';
export { useRemoveSaved } from './api/remove-saved-restaurant';
export { useRestaurantSearch } from './api/search-restaurants';
export { LazyAddReviewSheet } from './components/lazy-add-review-sheet';
export { ReviewCard } from './components/review-card';
export { Stars } from './components/star-rating';
