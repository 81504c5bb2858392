import type { Role } from '@portal/shared/roles';
import { GlobalSearch } from '../../features/search/components/global-search.tsx';

/** The toolbar search (placeholder Cerca): /api/ricerca from 3 characters, results inside the area. */
export function SearchBox({ role }: { role: Role }) {
  return <GlobalSearch area={role} />;
}
