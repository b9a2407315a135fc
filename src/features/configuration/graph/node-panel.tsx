/** The selected node: what it is, its problems (translated) and the link to its editor. */
import { forwardRef } from 'react';
import { Button, Callout, Card, H2 } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { configurationProblemText } from '../../../ui/configuration-problem-text';
import type { GraphNode } from './build-graph';
import { editorPath } from './editor-link';
import { nodeDetailText } from './graph-text';
import type { Translate } from './layout-failure-text';

export const NodePanel = forwardRef<HTMLHeadingElement, { node: GraphNode; projectId: string; envId: string; onClose: () => void }>(function NodePanel(
  { node, projectId, envId, onClose },
  headingRef,
) {
  const { t } = useTranslation('configurationGraph');
  return (
    <Card compact aria-labelledby="cg-panel-title">
      <H2 id="cg-panel-title" className="bp6-heading" style={{ fontSize: 16 }} tabIndex={-1} ref={headingRef}>
        {t(`kinds.${node.kind}`)} · {node.label}
      </H2>
      {node.detail && <p className="bp6-text-muted">{nodeDetailText(t as unknown as Translate, node)}</p>}
      {node.problems.map((problem, index) => (
        <Callout key={index} intent={problem.severity === 'error' ? 'danger' : 'warning'} compact style={{ marginBottom: 8 }}>
          {configurationProblemText(problem)}
        </Callout>
      ))}
      <div className="p-toolbar">
        {node.editor ? (
          <Link className="bp6-button bp6-intent-primary" to={editorPath(node.editor, projectId, envId)}>
            {t('panel.open')}
          </Link>
        ) : (
          <p>{t('panel.noEditor')}</p>
        )}
        <Button variant="minimal" icon="cross" text={t('panel.close')} onClick={onClose} />
      </div>
    </Card>
  );
});
