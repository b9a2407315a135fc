import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppChrome } from './app-chrome';
import { SideNav } from './side-nav';
import { paths } from '../paths';

/** The light self-service area: the user's use cases and a new one. */
export function SelfServiceLayout() {
  const { t } = useTranslation('routes');
  const entries = [
    { to: paths.selfService(), label: 'selfHome', icon: 'home', end: true },
    { to: paths.selfNew(), label: 'selfNew', icon: 'add' },
  ] as const;
  return (
    <AppChrome layout="selfService" nav={<SideNav entries={[...entries]} label={t('selfHome')} />}>
      <Outlet />
    </AppChrome>
  );
}
