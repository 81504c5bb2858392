import { Navigate, useParams } from 'react-router';
import { landingRole, type Role } from '@portal/shared/roles';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { useRoles } from '../../features/auth/api/get-session.ts';
import { MessageComposer } from '../../features/messages/components/message-composer.tsx';
import { MessagesScreen } from '../../features/messages/components/messages-screen.tsx';
import { MessageView } from '../../features/messages/components/message-view.tsx';

/** /{role}/comunicazioni */
export function MessagesPage({ area }: { area: Role }) {
  return <MessagesScreen area={area} />;
}

/** /{role}/comunicazioni/msg/{uuid} */
export function MessagePage({ area }: { area: Role }) {
  const { id = '' } = useParams();
  return <MessageView key={id} area={area} id={id} />;
}

/** /{role}/comunicazioni/modmsg/{nuovo|uuid} and /admin/newcomm */
export function ComposerPage({ area }: { area: Role }) {
  const { id = 'nuovo' } = useParams();
  return <MessageComposer key={id} area={area} id={id} />;
}

/**
 * /msg/{uuid}: the link of a notification e-mail, the same for every recipient; it opens the message in the
 * area of the reader's first role (logged out, the login page comes first).
 */
export function MessageLinkPage() {
  const { id = '' } = useParams();
  const roles = useRoles();
  if (roles === undefined) return <FullPageSpinner />;
  const role = landingRole(roles);
  return <Navigate to={role ? `/${role}/comunicazioni/msg/${id}` : '/'} replace />;
}
