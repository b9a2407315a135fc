/**
 * The module list of an environment (spec §4): add, move, deactivate (which deletes the module's
 * configuration) and delete, each change confirmed; the ordering rules (extractor only first, NLU only
 * second, output only last) are explained and a list breaking them cannot be saved.
 */
import { useState } from 'react';
import { Button, ButtonGroup, Callout, HTMLSelect, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MODULE_TYPES, moduleOrderProblems, type EnvironmentModule, type ModuleType } from '../../contract/environments';
import { insertionIndex } from '../../contract/environment-modules';
import { confirm } from '../../ui/dialogs/dialog-service';
import { tr } from '../../ui/message';
import { ModuleFields } from './module-fields';
import { pipelineMessages, type ServerFacts } from '../../categorization/checks';
import type { ConfigurationMessage } from '../../contract/categorization';
import { configurationMessageText } from '../../ui/configuration-message-text';
import { DataTable } from '../../ui/data-table';

export function ModuleList({
  modules,
  onChange,
  readOnly,
  contexts = [],
  servers,
}: {
  modules: EnvironmentModule[];
  onChange: (modules: EnvironmentModule[]) => void;
  readOnly: boolean;
  /** The environment's NLU context names, for the context picker. */
  contexts?: readonly string[];
  /** The environment's NLU servers: given, the list says at once what a save would refuse (§5, §8). */
  servers?: readonly ServerFacts[];
}) {
  const { t } = useTranslation('environments');
  const [type, setType] = useState<ModuleType>('categorization');
  const problems = moduleOrderProblems(modules);

  const move = (index: number, by: number) => {
    const next = [...modules];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  };
  const add = async () => {
    if (!(await confirm({ body: tr('environments:modules.addConfirm', { type: t(`modules.types.${type}`) }) }))) return;
    const module: EnvironmentModule = {
      id: crypto.randomUUID(),
      type,
      name: t(`modules.types.${type}`),
      inputType: null,
      context: null,
      active: true,
      requiredTaints: [],
      config: {},
    };
    // In pipeline order: extractor first, NLU second, output last, and every module before those that
    // read its results (an extraction before categorization and reply templates).
    const next = [...modules];
    next.splice(insertionIndex(next, type), 0, module);
    onChange(next);
  };
  const remove = async (index: number) => {
    if (!(await confirm({ body: tr('environments:modules.deleteConfirm', { name: modules[index]!.name }), danger: true }))) return;
    onChange(modules.filter((_, i) => i !== index));
  };
  const toggle = async (index: number) => {
    const module = modules[index]!;
    if (module.active && !(await confirm({ body: tr('environments:modules.deactivateConfirm', { name: module.name }), danger: true }))) return;
    onChange(modules.map((m, i) => (i === index ? { ...m, active: !m.active, config: m.active ? {} : m.config } : m)));
  };

  return (
    <div>
      <Callout intent={problems.length ? Intent.DANGER : Intent.NONE} icon={problems.length ? 'warning-sign' : 'info-sign'}>
        {problems.length ? problems.map((p) => <div key={p}>{t(`modules.problems.${p}`)}</div>) : t('modules.rules')}
      </Callout>
      <DataTable className="p-table" compact>
        <thead>
          <tr>
            <th>#</th>
            <th>{t('modules.type')}</th>
            <th>{t('modules.settings')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {modules.map((module, index) => (
            <tr key={module.id} data-module-type={module.type}>
              <td>{index + 1}</td>
              <td>
                {t(`modules.types.${module.type}`)} {!module.active && <Tag minimal>{t('modules.inactive')}</Tag>}
              </td>
              <td>
                <ModuleFields module={module} contexts={contexts} readOnly={readOnly} onChange={(next) => onChange(modules.map((m, i) => (i === index ? next : m)))} />
              </td>
              <td>
                {!readOnly && (
                  <ButtonGroup variant="minimal">
                    <Button icon="chevron-up" aria-label={t('modules.up')} disabled={index === 0} onClick={() => move(index, -1)} />
                    <Button
                      icon="chevron-down"
                      aria-label={t('modules.down')}
                      disabled={index === modules.length - 1}
                      onClick={() => move(index, 1)}
                    />
                    <Button text={module.active ? t('modules.deactivate') : t('modules.activate')} onClick={() => void toggle(index)} />
                    <Button icon="trash" aria-label={t('modules.delete')} intent={Intent.DANGER} onClick={() => void remove(index)} />
                  </ButtonGroup>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {servers && <PipelineMessages messages={pipelineMessages(modules, servers)} />}
      {!readOnly && (
        <div className="p-toolbar">
          <HTMLSelect
            aria-label={t('modules.type')}
            value={type}
            onChange={(e) => setType(e.currentTarget.value as ModuleType)}
            options={MODULE_TYPES.map((m) => ({ value: m, label: t(`modules.types.${m}`) }))}
          />
          <Button icon="add" text={t('modules.add')} onClick={() => void add()} />
        </div>
      )}
    </div>
  );
}

/**
 * What the pipeline checks say of the unsaved list — a categorization module without a server of AI
 * 5 and format V5, a consolidation without categorization before it… — as the change is made, not
 * when the save is refused (the server refuses a save with an error among them).
 */
function PipelineMessages({ messages }: { messages: readonly ConfigurationMessage[] }) {
  if (messages.length === 0) return null;
  const refused = messages.some((message) => message.severity === 'error');
  return (
    <Callout intent={refused ? Intent.DANGER : Intent.WARNING} icon="warning-sign" data-testid="pipeline-messages">
      {messages.map((message, index) => (
        <div key={index}>{configurationMessageText(message)}</div>
      ))}
    </Callout>
  );
}
