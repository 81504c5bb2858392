import { MyProfileScreen } from '../../../features/me/components/my-profile-screen.tsx';

/** /rivenditori/profilo : the user's own profile and image. */
export function RivenditoriProfiloPage() {
  return <MyProfileScreen />;
}
