import { useParams } from 'react-router';
import { ImpposatoriScreen } from '../../../features/imports/components/impposatori-screen.tsx';

/** /admin/impposatori/{id}: the installers of one import. */
export function AdminImpposatoriPage() {
  const { id = '' } = useParams();
  return <ImpposatoriScreen key={id} id={id} />;
}
