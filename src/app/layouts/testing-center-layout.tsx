import { NavLink, Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFlag } from '../../storage/feature-flags';
import { paths } from '../paths';

/** The testing center's tabs, inside the project layout. */
export function TestingCenterLayout() {
  const { t } = useTranslation('routes');
  const projectId = useParams().projectId ?? '';
  // §3 feature flag: the parameters tab (the classification kinds' settings) can be hidden.
  const hideParameters = useFlag('disableTestCenterConfigurationTab');
  const tabs = [
    { to: paths.messagesBank(projectId), label: 'messagesBank', end: true },
    { to: paths.qualification(projectId), label: 'qualification' },
    { to: paths.messagesImport(projectId), label: 'messagesImport' },
    { to: paths.tests(projectId), label: 'tests' },
    ...(hideParameters ? [] : [{ to: paths.testParameters(projectId), label: 'testParameters' }]),
    { to: paths.domainRules(projectId), label: 'domainRules' },
    { to: paths.domainRulesV2(projectId), label: 'domainRulesV2' },
  ];
  return (
    <div className="p-testing-center" data-layout="testingCenter">
      <nav className="p-tabs" aria-label={t('testingCenter')}>
        {tabs.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end={tab.end} className={({ isActive }) => (isActive ? 'is-active' : undefined)}>
            {t(tab.label as never)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
