/**
 * Blueprint's NumericInput with valid ARIA and our words. Given an `id` (so a FormGroup's label points
 * at it), Blueprint gives that id to the input but keeps its own generated one in the stepper buttons'
 * `aria-controls`, which then names no element (axe-core: aria-valid-attr-value, critical); and the
 * buttons are labelled "increment"/"decrement" in English. After each render the buttons are pointed
 * at the input's real id and labelled in the user's language. React leaves these attributes alone
 * afterwards: Blueprint passes them the same constant values on every render, so React never rewrites
 * them. Every numeric field of the console uses this one (lint rule in eslint.config.js).
 */
import { useCallback, useLayoutEffect, useRef, type ComponentProps, type Ref } from 'react';
import { Classes, NumericInput as BlueprintNumericInput } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export function NumericInput({ inputRef, ...props }: ComponentProps<typeof BlueprintNumericInput>) {
  const { t } = useTranslation('common');
  const own = useRef<HTMLInputElement | null>(null);
  const setInput = useCallback(
    (input: HTMLInputElement | null) => {
      own.current = input;
      assignRef(inputRef, input);
    },
    [inputRef],
  );
  useLayoutEffect(() => {
    const input = own.current;
    const root = input?.closest(`.${Classes.NUMERIC_INPUT}`);
    if (!input || !root) return;
    const labels = [t('numericInput.increment'), t('numericInput.decrement')];
    root.querySelectorAll(`.${Classes.BUTTON_GROUP} button`).forEach((button, index) => {
      if (input.id) button.setAttribute('aria-controls', input.id);
      const label = labels[index];
      if (label) button.setAttribute('aria-label', label);
    });
  });
  return <BlueprintNumericInput {...props} inputRef={setInput} />;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}
