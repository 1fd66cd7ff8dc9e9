// Feedback's public face: the floating button (layout) and the dialog the profile menu opens, both
// loading the dialog's code only when it is first opened. The /feedback screen is loaded by its route.
export { FeedbackButton } from './components/feedback-button';
export { LazyFeedbackDialog } from './components/lazy-feedback-dialog';
