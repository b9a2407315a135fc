// @vitest-environment jsdom
/** The module list's §3 fields: name, input type, context picked among the NLU contexts, the categorization's default category. */
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n } from '../../i18n/setup';
import { environmentModuleSchema, type EnvironmentModule } from '../../contract/environments';
import { ModuleList } from './module-list';
import { ConfirmLayer } from '../../ui/dialogs/confirm-layer';
import type { ServerFacts } from '../../categorization/checks';

beforeAll(async () => {
  await initI18n('fr');
});
afterEach(() => cleanup());

function List({ onChange, servers }: { onChange: (modules: EnvironmentModule[]) => void; servers?: ServerFacts[] }) {
  const [modules, setModules] = useState<EnvironmentModule[]>(
    [
      { id: 'x', type: 'extractor', name: 'Extracteur' },
      { id: 'n', type: 'nlu', name: 'NLU', context: 'assurance' },
      { id: 'c', type: 'categorization', name: 'Catégorisation', config: { defaultCategory: 'Autre', categories: [] } },
    ].map((module) => environmentModuleSchema.parse(module)),
  );
  return (
    <ModuleList
      modules={modules}
      contexts={['assurance', 'voyage']}
      servers={servers}
      readOnly={false}
      onChange={(next) => {
        setModules(next);
        onChange(next);
      }}
    />
  );
}

describe('module list fields', () => {
  it('edits the name, input type, context and default category of a categorization module', async () => {
    const user = userEvent.setup();
    let last: EnvironmentModule[] = [];
    render(<List onChange={(modules) => (last = modules)} />);
    // The extractor takes no input type or context.
    expect(screen.queryByLabelText("Type d'entrée du module Extracteur")).toBeNull();
    await user.selectOptions(screen.getByLabelText("Type d'entrée du module Catégorisation"), 'attachment');
    await user.selectOptions(screen.getByLabelText('Contexte du module Catégorisation'), 'voyage');
    const defaultCategory = screen.getByLabelText('Catégorie par défaut du module Catégorisation');
    await user.clear(defaultCategory);
    await user.type(defaultCategory, 'Divers');
    const name = screen.getByLabelText('Nom du module Catégorisation');
    await user.clear(name);
    await user.type(name, 'Pièces jointes');
    expect(last[2]).toMatchObject({ name: 'Pièces jointes', inputType: 'attachment', context: 'voyage', config: { defaultCategory: 'Divers', categories: [] } });
    expect(environmentModuleSchema.parse(last[2])).toEqual(last[2]);
  });
});

describe('module list order and checks', () => {
  it('adds a module in pipeline order and says at once what a save would refuse', async () => {
    const user = userEvent.setup();
    let last: EnvironmentModule[] = [];
    const { rerender } = render(
      <>
        <List onChange={(modules) => (last = modules)} servers={[{ name: 'main', aiVersion: '4.12', responseFormat: 'V5' }]} />
        <ConfirmLayer />
      </>,
    );
    // The categorization module has no server of AI 5: said now, not at the refused save.
    expect(screen.getByTestId('pipeline-messages').textContent).toMatch(/main.*4\.12.*5|5.*main/);
    await user.selectOptions(screen.getByLabelText('Type'), 'extraction');
    await user.click(screen.getByRole('button', { name: 'Ajouter un module' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmer' }));
    // Before the categorization that may read its fields, not at the end.
    expect(last.map((module) => module.type)).toEqual(['extractor', 'nlu', 'extraction', 'categorization']);
    rerender(
      <>
        <List onChange={(modules) => (last = modules)} servers={[{ name: 'main', aiVersion: '5', responseFormat: 'V5' }]} />
        <ConfirmLayer />
      </>,
    );
    expect(screen.queryByTestId('pipeline-messages')).toBeNull();
  });
});
