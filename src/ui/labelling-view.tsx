/**
 * The NLU labelling view: the text with each found span underlined in a colour and headed
 * by its archetype name. Shared by the NLU test page and the analysis result page. Overlapping labels
 * (a sub-archetype inside its parent) keep the outermost span; the inner names are listed in its
 * heading so nothing found is hidden.
 */
import type { NluLabel } from '../contract/modules/nlu';

const PALETTE = ['#2d72d2', '#238551', '#c87619', '#cd4246', '#7961db', '#147eb3', '#d1980b', '#29a634', '#db2c6f', '#00a396'];

/** The same archetype gets the same colour on every screen. */
export function archetypeColour(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}

interface Span {
  start: number;
  end: number;
  archetypes: string[];
}

/** Non-overlapping spans in text order: longest first wins a place; labels inside it join its names. */
export function labelSpans(text: string, labels: readonly NluLabel[]): Span[] {
  const valid = labels.filter((label) => label.start < label.end && label.end <= text.length);
  const byLength = [...valid].sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const spans: Span[] = [];
  for (const label of byLength) {
    const host = spans.find((span) => label.start < span.end && span.start < label.end);
    if (host === undefined) spans.push({ start: label.start, end: label.end, archetypes: [label.archetype] });
    else if (!host.archetypes.includes(label.archetype)) host.archetypes.push(label.archetype);
  }
  return spans.sort((a, b) => a.start - b.start);
}

export function LabellingView({ text, labels, label }: { text: string; labels: readonly NluLabel[]; label?: string }) {
  const spans = labelSpans(text, labels);
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.start > at) parts.push(text.slice(at, span.start));
    const colour = archetypeColour(span.archetypes[0]!);
    parts.push(
      <span key={span.start} className="p-label" data-testid="nlu-label" data-archetype={span.archetypes.join(' ')} style={{ borderBottomColor: colour }}>
        <span className="p-label__name" style={{ color: colour }} aria-hidden>
          {span.archetypes.join(' · ')}
        </span>
        <mark className="p-label__text">{text.slice(span.start, span.end)}</mark>
      </span>,
    );
    at = span.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return (
    <p className="p-labelling" aria-label={label} data-testid="labelling-view">
      {parts}
    </p>
  );
}
