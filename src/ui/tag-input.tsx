/**
 * Blueprint's TagInput with each tag's remove button named in the reader's language:
 * Blueprint hard-codes "Remove tag" and offers no prop for it, so the names are set on the buttons
 * after each render ("Retirer « sinistre »"). Lint sends every import of Blueprint's TagInput here.
 */
import { useLayoutEffect, useRef } from 'react';
import { Classes, TagInput as BlueprintTagInput, type TagInputProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export function TagInput(props: TagInputProps) {
  const { t } = useTranslation('common');
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    for (const button of box.current?.querySelectorAll<HTMLButtonElement>(`.${Classes.TAG_REMOVE}`) ?? []) {
      button.setAttribute('aria-label', t('tags.remove', { tag: button.parentElement?.textContent ?? '' }));
    }
  });
  return (
    <div ref={box}>
      <BlueprintTagInput {...props} />
    </div>
  );
}
