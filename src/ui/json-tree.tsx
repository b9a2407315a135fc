/**
 * A collapsible JSON tree (native <details>, so it opens and closes from the keyboard). Shared by the
 * files viewer and the analysis result; the first levels start open.
 */
export function JsonTree({ value, name, depth = 0, openDepth = 2 }: { value: unknown; name?: string; depth?: number; openDepth?: number }) {
  const label = name === undefined ? '' : `${name}: `;
  // An empty list or object has nothing to open: shown as a value (`[]`, `{}`), not as a toggle.
  if (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
    const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
    return (
      <details open={depth < openDepth} className="p-json-node">
        <summary>{label}{summary}</summary>
        <div style={{ paddingLeft: 16 }}>
          {entries.map(([key, item]) => <JsonTree key={key} name={key} value={item} depth={depth + 1} openDepth={openDepth} />)}
        </div>
      </details>
    );
  }
  return <div className="p-json-leaf">{label}<code>{JSON.stringify(value)}</code></div>;
}
