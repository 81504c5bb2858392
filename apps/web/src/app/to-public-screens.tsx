import { useLayoutEffect } from 'react';
import { FullPageSpinner } from '../components/full-page-spinner.tsx';

/**
 * A public screen's address inside the role areas (after a logout, or when a guard sends a visitor without the
 * role to /): the page is loaded again at that address, which the public entry serves (main.tsx). The reload also
 * drops every cached reply of the session that ended.
 */
export function ToPublicScreens() {
  useLayoutEffect(() => {
    window.location.replace(window.location.href);
  }, []);
  return <FullPageSpinner />;
}
