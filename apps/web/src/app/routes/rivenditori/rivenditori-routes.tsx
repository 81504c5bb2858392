import { areaRoutes, communicationScreens } from '../area-routes.tsx';

/** Every /rivenditori screen of spec section 2. */
export const rivenditoriRoutes = areaRoutes('rivenditori', [
  { path: '', title: 'Home' },
  { path: 'posatori', title: 'Posatori' },
  { path: 'posatori/:id', title: 'Posatore' },
  { path: 'partner', title: 'Partner' },
  { path: 'partner/:id', title: 'Partner' },
  { path: 'documenti', title: 'Documenti' },
  { path: 'profilo', title: 'Profilo' },
  ...communicationScreens({ compose: true }),
]);
