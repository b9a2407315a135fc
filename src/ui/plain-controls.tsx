/**
 * The few controls of the sign-in page as plain elements wearing Blueprint's CSS classes, so they
 * look like Blueprint's in both themes. Blueprint's Button, InputGroup, Callout and Tag render
 * through its Icon component, which brings every icon's name and its class table (~21 KB gzip with
 * them): the cold visit to /login paints with React, i18next and this (bench:shell). Every other
 * screen uses Blueprint's components.
 *
 * The two icons drawn here (an error in the callout, "offline" in the badge) are Blueprint's own
 * paths, imported one by one: icons.ts would bring the icon tables this file exists to avoid.
 */
import type { ButtonHTMLAttributes, FormEvent, InputHTMLAttributes, ReactNode } from 'react';
import errorPaths from '@blueprintjs/icons/lib/esm/generated/16px/paths/error';
import offlinePaths from '@blueprintjs/icons/lib/esm/generated/16px/paths/offline';

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** A 16-pixel Blueprint icon, decorative (its text says the same). */
function PlainIcon({ name, paths }: { name: string; paths: readonly string[] }) {
  return (
    <span aria-hidden="true" className={`bp6-icon bp6-icon-${name}`}>
      <svg data-icon={name} width="16" height="16" viewBox="0 0 16 16">
        {paths.map((d) => (
          <path key={d} d={d} fillRule="evenodd" />
        ))}
      </svg>
    </span>
  );
}

/** Blueprint's small spinner, drawn like its own; the button says it is busy (aria-busy). */
const SPINNER_TRACK = 'M 50,50 m 0,-45 a 45,45 0 1 1 0,90 a 45,45 0 1 1 0,-90';
function ButtonSpinner() {
  return (
    <span aria-hidden="true" className="bp6-spinner bp6-button-spinner">
      <span className="bp6-spinner-animation">
        <svg width="20" height="20" strokeWidth="16.00" viewBox="-3.00 -3.00 106.00 106.00">
          <path className="bp6-spinner-track" d={SPINNER_TRACK} />
          <path className="bp6-spinner-head" d={SPINNER_TRACK} pathLength={280} strokeDasharray="280 280" strokeDashoffset="210" />
        </svg>
      </span>
    </span>
  );
}

export interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  intent?: 'primary';
  variant?: 'minimal';
  fill?: boolean;
  /** Disabled and marked busy, with Blueprint's spinner over the text. */
  loading?: boolean;
}

export function PlainButton({ intent, variant, fill, loading = false, disabled, className, children, type = 'button', ...props }: PlainButtonProps) {
  const off = Boolean(disabled) || loading;
  return (
    <button
      {...props}
      type={type}
      disabled={off}
      aria-busy={loading || undefined}
      className={classes(
        'bp6-button',
        off && 'bp6-disabled',
        fill && 'bp6-fill',
        loading && 'bp6-loading',
        intent && `bp6-intent-${intent}`,
        variant && `bp6-${variant}`,
        className,
      )}
    >
      {loading && <ButtonSpinner />}
      <span className="bp6-button-text">{children}</span>
    </button>
  );
}

/** A text input in Blueprint's input group; `invalid` marks it for the eye and for screen readers. */
export function PlainInput({ invalid, className, ...props }: InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }) {
  return (
    <div className={classes('bp6-input-group', invalid && 'bp6-intent-danger', className)}>
      <input type="text" {...props} aria-invalid={invalid || undefined} className="bp6-input" />
    </div>
  );
}

/**
 * A form whose controls carry no constraint for the browser to check (the sign-in page's buttons
 * wait for a value instead): `noValidate`, so a constraint added later never shows the browser's
 * bubble in the browser's language. A form with constraints is ui/form.tsx's Form.
 */
export function PlainForm({ onSubmit, children }: { onSubmit: (event: FormEvent<HTMLFormElement>) => void; children: ReactNode }) {
  return (
    <form noValidate onSubmit={onSubmit}>
      {children}
    </form>
  );
}

/** A labelled field as Blueprint's FormGroup lays it out. */
export function PlainField({ label, labelFor, children }: { label: ReactNode; labelFor: string; children: ReactNode }) {
  return (
    <div className="bp6-form-group">
      <label className="bp6-label" htmlFor={labelFor}>
        {label}
      </label>
      <div className="bp6-form-content">{children}</div>
    </div>
  );
}

/** A danger callout with its error icon (`role="alert"`: read out when it appears). */
export function PlainErrorCallout({ id, className, children }: { id?: string; className?: string; children: ReactNode }) {
  return (
    <div id={id} role="alert" className={classes('bp6-callout bp6-intent-danger bp6-callout-icon bp6-callout-has-body-content', className)}>
      <PlainIcon name="error" paths={errorPaths} />
      {children}
    </div>
  );
}

/** Blueprint's warning tag with the "offline" icon. */
export function PlainOfflineTag({ children }: { children: ReactNode }) {
  return (
    <span role="status" data-testid="offline-indicator" className="bp6-tag bp6-intent-warning">
      <PlainIcon name="offline" paths={offlinePaths} />
      <span className="bp6-text-overflow-ellipsis bp6-fill">{children}</span>
    </span>
  );
}
