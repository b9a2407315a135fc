/**
 * The OCR words a result was read from, drawn as boxes over a scanned page or a picture: each box is a
 * mark like the text's (same colours, `data-items`, focusable, chosen by the same class), placed in
 * fractions of the image so it follows the size the image is drawn at. The word itself is the box's
 * text, unseen: a screen reader reads it and choosing the box says which words fed what.
 */
import type { EvidenceBox, EvidenceKind } from '../../analyses/evidence';
import { evidenceKindOf } from './evidence-kind';

const percent = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;

export function EvidenceBoxes({ document, boxes, kinds, selected }: { document: number; boxes: readonly EvidenceBox[]; kinds: readonly EvidenceKind[]; selected: number | null }) {
  return (
    <div className="p-evidence__boxes" data-testid="evidence-boxes">
      {boxes.map((box) => {
        const kind = evidenceKindOf(box.items.map((index) => kinds[index]!));
        const chosen = selected !== null && box.items.includes(selected) ? ' is-selected' : '';
        return (
          <mark
            key={`${box.block}:${box.start}`}
            className={`p-evidence__mark p-evidence__mark--${kind} p-evidence__box${chosen}`}
            style={{ left: percent(box.left), top: percent(box.top), width: percent(box.width), height: percent(box.height) }}
            data-box={`${document}:${box.block}:${box.start}:${box.end}`}
            data-items={box.items.join(' ')}
            data-labels={box.labels.join(' ')}
            tabIndex={0}
            role="button"
          >
            {box.words}
          </mark>
        );
      })}
    </div>
  );
}
