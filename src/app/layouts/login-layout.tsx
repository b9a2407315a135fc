import { Outlet } from 'react-router';
import { OfflineIndicator } from '../../ui/connectivity';
import { LoginFrame } from './login-frame';

/** Public pages (login, password reset, SSO callbacks): a centred card, no navigation. */
export function LoginLayout() {
  return (
    <LoginFrame status={<OfflineIndicator />}>
      <Outlet />
    </LoginFrame>
  );
}
