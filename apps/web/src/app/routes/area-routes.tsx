import type { RouteObject } from 'react-router';
import type { Role } from '@portal/shared/roles';
import { InPreparazione } from '../../components/in-preparazione.tsx';
import { PageNotFound } from '../../components/page-not-found.tsx';

/** A screen of an area, by path relative to the area ('' is the area home) and its title. */
export type Screen = { readonly path: string; readonly title: string };

/** The communications screens (spec 'Messages'): list, message view, and the composer when allowed. */
export function communicationScreens({ compose }: { compose: boolean }): Screen[] {
  const screens: Screen[] = [
    { path: 'comunicazioni', title: 'Comunicazioni' },
    { path: 'comunicazioni/msg/:id', title: 'Messaggio' },
  ];
  if (compose) {
    screens.push(
      // 'nuovo' composes a new message; any other id edits a sent one.
      { path: 'comunicazioni/modmsg/nuovo', title: 'Nuova comunicazione' },
      { path: 'comunicazioni/modmsg/:id', title: 'Modifica comunicazione' },
    );
  }
  return screens;
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
