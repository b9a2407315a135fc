import { Outlet } from 'react-router';
import { AppChrome } from './app-chrome';

/** Signed-in pages that belong to no organisation or project (toolbox, profile, SRE, files viewer). */
export function PrivateLayout() {
  return (
    <AppChrome layout="private">
      <Outlet />
    </AppChrome>
  );
}
