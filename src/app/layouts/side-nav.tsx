import { NavLink, useLocation } from 'react-router';
import { Icon, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export interface NavEntry {
  to: string;
  /** Key in the routes namespace. */
  label: string;
  icon: IconName;
  end?: boolean;
}

/** A titled group of entries (the configuration menu's sections in the environment layout). */
export interface NavGroup {
  id: string;
  /** Already translated. */
  title: string;
  entries: NavEntry[];
}

const pathOf = (to: string) => to.split(/[?#]/)[0]!;

function NavItem({ entry }: { entry: NavEntry }) {
  const { t } = useTranslation('routes');
  return (
    <li>
      <NavLink to={entry.to} end={entry.end} className={({ isActive }) => (isActive ? 'is-active' : undefined)}>
        <Icon icon={entry.icon} size={14} />
        <span>{t(entry.label as never)}</span>
      </NavLink>
    </li>
  );
}

/**
 * A layout's section menu: plain links, so it works with the keyboard and middle-click. Groups are
 * native disclosure widgets (`<details>`: Enter or Space opens them); the group holding the current
 * page starts open.
 */
export function SideNav({ entries, label, groups = [] }: { entries: NavEntry[]; label: string; groups?: NavGroup[] }) {
  const { pathname } = useLocation();
  return (
    <nav className="p-side-nav" aria-label={label}>
      <ul>
        {entries.map((entry) => (
          <NavItem key={entry.to} entry={entry} />
        ))}
      </ul>
      {groups.map((group) => {
        const holdsCurrent = group.entries.some((entry) => pathname === pathOf(entry.to) || pathname.startsWith(`${pathOf(entry.to)}/`));
        return (
          <details key={group.id} className="p-side-nav__group" data-group={group.id} open={holdsCurrent || undefined}>
            <summary>{group.title}</summary>
            <ul>
              {group.entries.map((entry) => (
                <NavItem key={entry.to} entry={entry} />
              ))}
            </ul>
          </details>
        );
      })}
    </nav>
  );
}
