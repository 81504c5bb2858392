import type { RouteObject } from 'react-router';
import type { Role } from '@portal/shared/roles';
import { PageNotFound } from '../../components/page-not-found.tsx';

/**
 * The communications screens of an area: the folders, a message, and the composer ('nuovo') or
 * the edit of a sent message when the area writes. Each a lazy chunk.
 */
export function communicationRoutes(area: Role, { compose }: { compose: boolean }): RouteObject[] {
  const pages = () => import('./communication-pages.tsx');
  const routes: RouteObject[] = [
    {
      path: 'comunicazioni',
      lazy: async () => {
        const { MessagesPage } = await pages();
        return { element: <MessagesPage area={area} /> };
      },
    },
    {
      path: 'comunicazioni/msg/:id',
      lazy: async () => {
        const { MessagePage } = await pages();
        return { element: <MessagePage area={area} /> };
      },
    },
  ];
  if (compose) {
    routes.push({
      path: 'comunicazioni/modmsg/:id',
      lazy: async () => {
        const { ComposerPage } = await pages();
        return { element: <ComposerPage area={area} /> };
      },
    });
  }
  return routes;
}

/** The Documenti screen of an area, a lazy chunk. */
export function documentRoutes(area: Role): RouteObject[] {
  return [
    {
      path: 'documenti',
      lazy: async () => {
        const { DocumentsPage } = await import('./document-pages.tsx');
        return { element: <DocumentsPage area={area} /> };
      },
    },
  ];
}

/** The area's own 'Pagina non trovata', with the way back to the area's home. */
export function notFoundRoute(area: Role): RouteObject {
  return { path: '*', element: <PageNotFound homePath={`/${area}`} homeLabel="Torna alla Home" /> };
}
