/**
 * A drop zone with a file chooser inside, usable from the keyboard (the button opens the chooser).
 * The native input stays in the DOM, visually hidden, so tests and assistive tools can reach it.
 */
import { useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { Button } from '@blueprintjs/core';

/**
 * What makes an element a drop zone: the dashed frame, highlighted while something is dragged over
 * it, and `onDrop` with what was dropped (files, or folders for a screen that walks them).
 */
export function useDropTarget(padding: string, onDrop: (data: DataTransfer) => void): HTMLAttributes<HTMLElement> {
  const [over, setOver] = useState(false);
  return {
    className: `p-drop${over ? ' is-over' : ''}`,
    style: { border: '2px dashed var(--p-border, #c5cbd3)', borderRadius: 4, padding, background: over ? 'rgba(114, 90, 193, 0.08)' : undefined },
    onDragOver: (event) => {
      event.preventDefault();
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (event) => {
      event.preventDefault();
      setOver(false);
      onDrop(event.dataTransfer);
    },
  };
}

export function FileDrop({
  label,
  hint,
  multiple = false,
  onFiles,
  testId,
  children,
}: {
  label: string;
  hint: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  testId?: string;
  children?: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  const dropTarget = useDropTarget('0.75rem', (data) => {
    const files = [...data.files];
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  });
  return (
    <div data-testid={testId} {...dropTarget}>
      <p className="bp6-text-muted" style={{ marginTop: 0 }}>{hint}</p>
      <Button icon="folder-open" text={label} onClick={() => input.current?.click()} />
      <input
        ref={input}
        type="file"
        multiple={multiple}
        aria-label={label}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
        tabIndex={-1}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      {children}
    </div>
  );
}
