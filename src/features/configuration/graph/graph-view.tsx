/**
 * The graph with its tools: module filter, node search, the problems list and the selected node's
 * panel. React Flow draws only what is on screen (onlyRenderVisibleElements); nodes keep their
 * identity across selections so a click re-renders two nodes, not two thousand.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Background, Controls, MiniMap, Position, ReactFlow, useReactFlow, type Edge, type NodeChange, type NodeHandle, type Viewport } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Callout, HTMLSelect } from '@blueprintjs/core';
import { Spinner } from '../../../ui/spinner';
import { useTranslation } from 'react-i18next';
import { layoutFailureText, type Translate } from './layout-failure-text';
import { edgeAriaLabel, flowAriaLabels, nodeDetailText } from './graph-text';
import { configurationProblemText } from '../../../ui/configuration-problem-text';
import type { ConfigurationProblem } from '../../../configuration-problems';
import { useSearchParams } from 'react-router';
import { reachableFrom, resolveNodeLink, type ConfigurationGraph } from './build-graph';
import { GraphSearch } from './graph-search';
import { nodeTypes, type ConfigNode } from './graph-node';
import { NODE_HEIGHT, NODE_WIDTH } from './node-size';
import { NodePanel } from './node-panel';
import { ProblemsList } from './problems-list';
import { useGraphLayout } from './use-graph-layout';
import type { LayoutPositions } from './layout';
import { openingView } from './opening-view';
import './graph.css';
import { Field } from '../../../ui/form';

/** Below this zoom the nodes' small lines are hidden (CSS), which keeps a zoomed-out graph light. */
const FAR_ZOOM = 0.45;
/** Below this zoom a large graph draws no edges: they are a haze there, and thousands of paths cost seconds. */
const EDGELESS_ZOOM = 0.2;
/** Above this many nodes the pipeline's dashes stay still, edges go far out and the minimap is left out. */
const LARGE_GRAPH = 300;

/** Room left around the graph when it is fitted (a share of its size, as React Flow's fitView takes it). */
const FIT_PADDING = 0.05;

const NO_EDGES: Edge[] = [];
const PIPELINE_STYLE = { stroke: '#2d72d2', strokeWidth: 2 };
const NODE_MEASURED = { width: NODE_WIDTH, height: NODE_HEIGHT };
/** Where graph-node.tsx's two handles are (React Flow's 8 px handle, centred on the left and right sides). */
const HANDLE_SIZE = 8;
const NODE_HANDLES: NodeHandle[] = [
  { type: 'target', position: Position.Left, x: -HANDLE_SIZE / 2, y: NODE_HEIGHT / 2 - HANDLE_SIZE / 2, width: HANDLE_SIZE, height: HANDLE_SIZE },
  { type: 'source', position: Position.Right, x: NODE_WIDTH - HANDLE_SIZE / 2, y: NODE_HEIGHT / 2 - HANDLE_SIZE / 2, width: HANDLE_SIZE, height: HANDLE_SIZE },
];
/**
 * Edges are drawn, not used: no wide invisible hit path, no focus stop, no selection (half the SVG
 * elements). Straight lines: the layered layout keeps them readable and they are the cheapest path.
 */
const EDGE_OPTIONS = { type: 'straight', interactionWidth: 0, focusable: false, selectable: false } as const;

export function GraphView({ graph, problems, projectId, envId }: { graph: ConfigurationGraph; problems: readonly ConfigurationProblem[]; projectId: string; envId: string }) {
  const { t } = useTranslation('configurationGraph');
  const tr = t as unknown as Translate;
  const flow = useReactFlow<ConfigNode>();
  const [moduleFilter, setModuleFilter] = useState('');
  // `?node=` (a deep link from an editor or the IDE's problems) opens the graph on that node, selected;
  // the selection is written back to the address, so the page as shown can be linked to.
  const [searchParams, setSearchParams] = useSearchParams();
  const [selectedId, setSelectedId] = useState<string | null>(() => {
    const link = searchParams.get('node');
    return link === null ? null : (resolveNodeLink(graph, link)?.id ?? null);
  });
  useEffect(() => {
    if ((searchParams.get('node') ?? null) === selectedId) return;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (selectedId === null) next.delete('node');
        else next.set('node', selectedId);
        return next;
      },
      { replace: true },
    );
    // Follows the selection only; the address is read once, when the graph opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedId]);
  const [zoom, setZoom] = useState(1);
  const far = zoom < FAR_ZOOM;
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const canvas = useRef<HTMLDivElement>(null);

  const modules = useMemo(() => graph.nodes.filter((node) => node.kind === 'module').sort((a, b) => a.order! - b.order!), [graph]);
  const visible = useMemo(() => (moduleFilter === '' ? new Set(graph.nodes.map((node) => node.id)) : reachableFrom(graph, moduleFilter)), [graph, moduleFilter]);
  const layout = useGraphLayout(graph, visible);
  const positions = layout.status === 'done' ? layout.positions : null;

  const baseNodes = useMemo<ConfigNode[]>(() => {
    if (positions === null) return [];
    return graph.nodes
      .filter((node) => positions[node.id] !== undefined)
      .map((node) => {
        const severity = node.problems.some((problem) => problem.severity === 'error') ? 'error' : node.problems.length > 0 ? 'warning' : null;
        const problemText = node.problems.map((problem) => configurationProblemText(problem)).join('\n');
        const kindLabel = t(`kinds.${node.kind}`);
        return {
          id: node.id,
          type: 'config',
          position: positions[node.id]!,
          width: NODE_WIDTH,
          height: NODE_HEIGHT,
          // Known size and handles: without them React Flow draws every node once to measure it, even
          // with onlyRenderVisibleElements (2,000 nodes drawn then removed: the one long task after layout).
          measured: NODE_MEASURED,
          handles: NODE_HANDLES,
          ariaLabel: `${kindLabel} ${node.label}${problemText ? `. ${problemText}` : ''}`,
          data: { kind: node.kind, kindLabel, label: node.label, detail: nodeDetailText(tr, node), severity, problemText, dimmed: false },
        };
      });
  }, [graph, positions, t, tr]);
  const nodes = useMemo(() => baseNodes.map((node) => (node.id === selectedId ? { ...node, selected: true } : node)), [baseNodes, selectedId]);
  const nodesById = useMemo(() => new Map(graph.nodes.map((node) => [node.id, node])), [graph]);
  const edges = useMemo<Edge[]>(
    () =>
      positions === null
        ? []
        : graph.edges
            .filter((edge) => positions[edge.source] !== undefined && positions[edge.target] !== undefined)
            .map((edge) => ({
              id: edge.id,
              source: edge.source,
              target: edge.target,
              // Named in the reader's language (React Flow's own name is "Edge from <id> to <id>").
              ariaLabel: edgeAriaLabel(tr, edge, nodesById),
              ...EDGE_OPTIONS,
              // The pipeline's dashes move on a small graph; on a large one that would repaint the canvas every frame.
              ...(edge.kind === 'pipeline' ? { animated: graph.nodes.length <= LARGE_GRAPH, style: PIPELINE_STYLE } : {}),
            })),
    [graph, positions, nodesById, tr],
  );
  const ariaLabelConfig = useMemo(() => flowAriaLabels(tr), [tr]);

  // First view of each layout, once React Flow's viewport is ready (`flow` changes when it is, which
  // would otherwise apply the view twice and undo a centring): a node named by `?node=`, or picked
  // while filtered out, is centred; else the graph is fitted when its names stay readable so, or opens
  // at the readable zoom on its pipeline column (fitting 2,000 nodes would draw them all at once,
  // unreadable). The controls' "fit view" still shows it whole. Marked for the bench.
  const viewed = useRef<LayoutPositions | null>(null);
  useEffect(() => {
    if (positions === null || !flow.viewportInitialized || viewed.current === positions) return;
    viewed.current = positions;
    const selectedAt = selectedId === null ? undefined : positions[selectedId];
    const area = canvas.current;
    const modulesAt = modules.map((module) => positions[module.id]).filter((at) => at !== undefined);
    const view = area === null ? null : openingView(Object.values(positions), modulesAt, { width: area.clientWidth, height: area.clientHeight }, FIT_PADDING);
    if (selectedAt !== undefined) void flow.setCenter(selectedAt.x + NODE_WIDTH / 2, selectedAt.y + NODE_HEIGHT / 2, { zoom: 1.1 });
    else if (view === null) void flow.fitView({ padding: FIT_PADDING, minZoom: 0.02 });
    else void flow.setViewport(view);
    requestAnimationFrame(() => requestAnimationFrame(() => performance.mark('graph:painted')));
    // Only when a layout arrives (or the viewport gets ready): a selection inside the current one is centred by `show`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [positions, flow]);

  const show = useCallback(
    (id: string) => {
      if (!visible.has(id)) setModuleFilter('');
      setSelectedId(id);
      const node = flow.getNode(id);
      if (node) void flow.setCenter(node.position.x + NODE_WIDTH / 2, node.position.y + NODE_HEIGHT / 2, { zoom: 1.1, duration: 300 });
      // The panel takes the focus: its link to the editor is the next Tab.
      requestAnimationFrame(() => panelHeading.current?.focus());
    },
    [flow, visible],
  );
  const onNodesChange = useCallback((changes: NodeChange<ConfigNode>[]) => {
    // Clicks and Enter on a focused node select it; nothing else changes (nodes are not draggable).
    for (const change of changes) if (change.type === 'select' && change.selected) setSelectedId(change.id);
  }, []);
  const onMove = useCallback((_: unknown, viewport: Viewport) => setZoom(viewport.zoom), []);
  const drawnEdges = baseNodes.length > LARGE_GRAPH && zoom < EDGELESS_ZOOM ? NO_EDGES : edges;

  const selected = selectedId === null ? undefined : graph.nodes.find((node) => node.id === selectedId);
  return (
    <>
      <div className="cg-toolbar">
        <Field label={t('filter.label')} labelFor="cg-module-filter">
          <HTMLSelect id="cg-module-filter" value={moduleFilter} onChange={(event) => setModuleFilter(event.currentTarget.value)}>
            <option value="">{t('filter.all')}</option>
            {modules.map((module) => {
              // The module's type after its name, unless the name is already that type's name.
              const type = nodeDetailText(tr, module);
              return (
                <option key={module.id} value={module.id}>
                  {type === module.label ? module.label : `${module.label} (${type})`}
                </option>
              );
            })}
          </HTMLSelect>
        </Field>
        <GraphSearch nodes={graph.nodes} onPick={show} />
        <span className="bp6-text-muted cg-counts">{t('nodeCount', { count: visible.size })}, {t('edgeCount', { count: edges.length })}</span>
      </div>
      <div className="cg-layout">
        <div ref={canvas} className={`cg-canvas${far ? ' cg-canvas--far' : ''}`} aria-busy={layout.status === 'running'}>
          {layout.status === 'running' && <Spinner aria-label={t('layout.running', { count: visible.size })} size={30} />}
          {layout.status === 'failed' && <Callout intent="danger">{layoutFailureText(tr, layout.failure)}</Callout>}
          {positions !== null && (
            <ReactFlow<ConfigNode>
              nodes={nodes}
              edges={drawnEdges}
              nodeTypes={nodeTypes}
              onNodesChange={onNodesChange}
              onMoveEnd={onMove}
              onlyRenderVisibleElements
              nodesDraggable={false}
              nodesConnectable={false}
              minZoom={0.02}
              maxZoom={2}
              proOptions={{ hideAttribution: true }}
              ariaLabelConfig={ariaLabelConfig}
            >
              <Background />
              <Controls showInteractive={false} />
              {/* The minimap draws every node as its own subscriber: past a few hundred it costs more than it helps. */}
              {baseNodes.length <= LARGE_GRAPH && <MiniMap pannable zoomable />}
            </ReactFlow>
          )}
        </div>
        <aside className="cg-side">
          {selected && <NodePanel ref={panelHeading} node={selected} projectId={projectId} envId={envId} onClose={() => setSelectedId(null)} />}
          <ProblemsList problems={problems} onPick={show} />
        </aside>
      </div>
    </>
  );
}
