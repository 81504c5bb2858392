import { MyProfileScreen } from '../../../features/me/components/my-profile-screen.tsx';

/** /admin/profilo : the user's own profile and image. */
export function AdminProfiloPage() {
  return <MyProfileScreen />;
}
