/**
 * Blueprint's Dialog with its header drawn here: Blueprint names the header's close button
 * "Close" in every language; this one is "Fermer" in French. Same props, same markup and classes
 * (the header, its icon, its title as the dialog's name, the minimal close button). Lint sends every
 * import of Blueprint's Dialog here.
 */
import { Button, Classes, Dialog as BlueprintDialog, H2, Icon, type DialogProps } from '@blueprintjs/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export type { DialogProps };

export function Dialog({ title, icon, isCloseButtonShown, titleTagName: TitleTagName = H2, children, ...props }: DialogProps) {
  const { t } = useTranslation('common');
  const titleId = `title-${useId()}`;
  return (
    <BlueprintDialog {...props} aria-labelledby={props['aria-labelledby'] ?? (title != null ? titleId : undefined)}>
      {title != null && (
        <div className={Classes.DIALOG_HEADER}>
          <Icon icon={icon} aria-hidden tabIndex={-1} />
          <TitleTagName id={titleId}>{title}</TitleTagName>
          {isCloseButtonShown !== false && (
            <Button aria-label={t('actions.close')} className={Classes.DIALOG_CLOSE_BUTTON} icon="small-cross" onClick={props.onClose} variant="minimal" />
          )}
        </div>
      )}
      {children}
    </BlueprintDialog>
  );
}
