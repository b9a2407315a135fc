/**
 * One node of the configuration graph: its kind, its name, a second line and its problem marker.
 * Memoised, and with no hooks: at 2,000 nodes a pan or a selection re-renders only what changed.
 */
import { memo } from 'react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import type { GraphNodeKind } from './build-graph';

export interface ConfigNodeData extends Record<string, unknown> {
  kind: GraphNodeKind;
  kindLabel: string;
  label: string;
  detail: string;
  severity: 'error' | 'warning' | null;
  problemText: string;
  dimmed: boolean;
}
export type ConfigNode = Node<ConfigNodeData, 'config'>;

function ConfigNodeView({ data, selected }: NodeProps<ConfigNode>) {
  const className = ['cg-node', `cg-node--${data.kind}`, data.severity ? `cg-node--${data.severity}` : '', selected ? 'cg-node--selected' : '', data.dimmed ? 'cg-node--dimmed' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className} title={data.problemText || undefined}>
      <Handle type="target" position={Position.Left} isConnectable={false} />
      <div className="cg-node__kind">{data.kindLabel}</div>
      {data.severity && (
        <span className={`cg-node__marker cg-node__marker--${data.severity}`} role="img" aria-label={data.problemText}>
          !
        </span>
      )}
      <div className="cg-node__label">{data.label}</div>
      {data.detail && <div className="cg-node__detail">{data.detail}</div>}
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </div>
  );
}

export const ConfigNodeComponent = memo(ConfigNodeView);
export const nodeTypes = { config: ConfigNodeComponent };
