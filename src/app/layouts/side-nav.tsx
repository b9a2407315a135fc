import { NavLink } from 'react-router';
import { Icon, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export interface NavEntry {
  to: string;
  /** Key in the routes namespace. */
  label: string;
  icon: IconName;
  end?: boolean;
}

/** A layout's section menu: plain links, so it works with the keyboard and middle-click. */
export function SideNav({ entries, label }: { entries: NavEntry[]; label: string }) {
  const { t } = useTranslation('routes');
  return (
    <nav className="p-side-nav" aria-label={label}>
      <ul>
        {entries.map((entry) => (
          <li key={entry.to}>
            <NavLink to={entry.to} end={entry.end} className={({ isActive }) => (isActive ? 'is-active' : undefined)}>
              <Icon icon={entry.icon} size={14} />
              <span>{t(entry.label as never)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
