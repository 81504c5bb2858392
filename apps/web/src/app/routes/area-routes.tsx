import type { RouteObject } from 'react-router';
import type { Role } from '@portal/shared/roles';
import { InPreparazione } from '../../components/in-preparazione.tsx';
import { PageNotFound } from '../../components/page-not-found.tsx';

/** A screen of an area, by path relative to the area ('' is the area home) and its title. */
export type Screen = { readonly path: string; readonly title: string };

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

/**
 * The routes of an area whose screens are still placeholders ('In preparazione'), plus the area's
 * own 'Pagina non trovata'. A screen gets built by replacing its entry with a lazy route.
 */
export function areaRoutes(area: Role, screens: readonly Screen[]): RouteObject[] {
  return [
    ...screens.map((screen): RouteObject => {
      const element = <InPreparazione title={screen.title} />;
      return screen.path === '' ? { index: true, element } : { path: screen.path, element };
    }),
    { path: '*', element: <PageNotFound homePath={`/${area}`} homeLabel="Torna alla Home" /> },
  ];
}
