import { MyProfileScreen } from '../../../features/me/components/my-profile-screen.tsx';

/** /capoarea/profilo : the user's own profile and image. */
export function CapoareaProfiloPage() {
  return <MyProfileScreen />;
}
