// The feed feature's public face: the check-in control of the restaurant page. The home feed
// itself (/) is loaded by its route.
export { CheckInButton } from './components/check-in-button';
