// Settings' public face: the sign-out confirmation the profile menu also opens. The Settings
// screen itself is loaded by its route.
export { SignOutDialog } from './components/sign-out-dialog';
