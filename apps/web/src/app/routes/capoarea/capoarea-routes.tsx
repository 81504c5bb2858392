import { areaRoutes, communicationScreens } from '../area-routes.tsx';

/** Every /capoarea screen of spec section 2. */
export const capoareaRoutes = areaRoutes('capoarea', [
  { path: '', title: 'Home' },
  { path: 'posatori', title: 'Posatori' },
  { path: 'posatori/:id', title: 'Modifica posatore' },
  { path: 'rivenditori', title: 'Rivenditori' },
  { path: 'rivenditore/:id', title: 'Rivenditore' },
  { path: 'partner', title: 'Partner' },
  { path: 'partner/:id', title: 'Modifica partner' },
  { path: 'newpartner', title: 'Nuovo partner' },
  { path: 'documenti', title: 'Documenti' },
  { path: 'profilo', title: 'Profilo' },
  ...communicationScreens({ compose: true }),
]);
