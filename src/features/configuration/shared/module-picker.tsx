/**
 * The landing page of a module type's screens (extraction, vision engine, OCR data extraction…):
 * with one module of that type in the pipeline it opens it at once; several are listed; none says
 * where to add one.
 */
import { Link, Navigate } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Tag } from '@blueprintjs/core';
import type { EnvironmentModule, ModuleType } from '../../../contract/environments';
import { ListState } from '../../../ui/list-state';

export function ModulePicker({
  modules,
  type,
  to,
  texts,
}: {
  modules: UseQueryResult<Omit<EnvironmentModule, 'config'>[]>;
  type: ModuleType;
  to: (moduleId: string) => string;
  texts: { none: string; error: string; inactive: string };
}) {
  const ofType = (modules.data ?? []).filter((module) => module.type === type);
  if (ofType.length === 1) return <Navigate to={to(ofType[0]!.id)} replace />;
  return (
    <ListState query={modules} isEmpty={ofType.length === 0} emptyText={texts.none} errorText={texts.error}>
      <div className="p-config-menu">
        {ofType.map((module) => (
          <Link key={module.id} to={to(module.id)} className="p-config-menu__entry">
            <Card interactive>
              <strong>{module.name}</strong> {!module.active && <Tag minimal>{texts.inactive}</Tag>}
            </Card>
          </Link>
        ))}
      </div>
    </ListState>
  );
}
