import { useParams } from 'react-router';
import type { Role } from '@portal/shared/roles';
import { DocumentEdit } from '../../features/documents/components/document-edit.tsx';
import { DocumentsScreen } from '../../features/documents/components/documents-screen.tsx';

/** /{role}/documenti */
export function DocumentsPage({ area }: { area: Role }) {
  return <DocumentsScreen area={area} />;
}

/** /admin/moddoc/{uuid} */
export function DocumentEditPage() {
  const { id = '' } = useParams();
  return <DocumentEdit key={id} id={id} />;
}
