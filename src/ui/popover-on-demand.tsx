/**
 * A menu button whose popover loads when the menu is first opened, not with the page: Blueprint's
 * popover with Floating UI is ~17 KB gzip, and a menu built of MenuItems imports it (for submenus).
 * Until then the button is drawn as the popover would draw it (the same wrapper, `aria-haspopup`,
 * `aria-expanded`), so a screen reader announces the same thing. Activating it (click, Enter, Space)
 * loads `load`'s component (the popover with its content), which then opens as if the user had
 * activated it; pointing at the button starts the load early (bench:shell, the top bar's user menu).
 */
import { cloneElement, useEffect, useRef, useState, type ComponentType, type MouseEvent, type ReactElement, type Ref } from 'react';
import { Classes } from '@blueprintjs/core';

interface TargetProps {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  ref?: Ref<HTMLElement>;
}

/** The loaded popover: it renders Blueprint's popover around `children` (its target, uncontrolled). */
export type OnDemandPopover<P> = ComponentType<P & { children: ReactElement<TargetProps> }>;

interface Props<P> {
  load: () => Promise<OnDemandPopover<P>>;
  /** What the loaded popover needs from the page. */
  props: P;
  /** The button. */
  children: ReactElement<TargetProps>;
}

/**
 * Opened by the user before it was there, the loaded popover focuses its own button and clicks it, as
 * the user did on the stand-in: the popover then knows which element to give the focus back to when
 * it closes (the stand-in's button is gone).
 */
function Loaded<P>({ Popover, props, children }: { Popover: OnDemandPopover<P>; props: P; children: ReactElement<TargetProps> }) {
  const target = useRef<HTMLElement>(null);
  useEffect(() => {
    target.current?.focus();
    target.current?.click();
    // Once, when it replaces the stand-in.
  }, []);
  return <Popover {...props}>{cloneElement(children, { ref: target })}</Popover>;
}

export function PopoverOnDemand<P extends object>({ load, props, children }: Props<P>) {
  const [Popover, setPopover] = useState<OnDemandPopover<P> | undefined>();
  if (Popover !== undefined)
    return (
      <Loaded Popover={Popover} props={props}>
        {children}
      </Loaded>
    );
  // Every chunk is precached (offline too); a failed load leaves the button as it was, to try again.
  const open = () => void load().then((component) => setPopover(() => component), () => undefined);
  return (
    <span className={Classes.POPOVER_TARGET} onPointerEnter={() => void load().catch(() => undefined)}>
      {cloneElement(children, { 'aria-haspopup': 'menu', 'aria-expanded': false, onClick: open } as TargetProps)}
    </span>
  );
}
