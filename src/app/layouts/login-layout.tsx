import { Outlet } from 'react-router';
import { OfflineIndicator } from '../../ui/connectivity';

/** Public pages (login, password reset, SSO callbacks): a centred card, no navigation. */
export function LoginLayout() {
  return (
    <div className="p-login-layout" data-layout="login">
      <main className="p-login-layout__card">
        <div className="p-brand p-brand--large">Postroom</div>
        <OfflineIndicator />
        <Outlet />
      </main>
    </div>
  );
}
