// Moderation as a person meets it: reporting a review or a person (the dialog loads when opened).
// The Moderation decisions screen (/moderation) is loaded by its route.
export { LazyReportDialog } from './components/lazy-report-dialog';
export { ReportReviewButton } from './components/report-review-button';
