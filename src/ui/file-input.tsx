/**
 * Blueprint's FileInput with our words: its own defaults ("Choose file...", "Browse") are English
 * and would reach French users. Every file picker of the console uses this one.
 */
import { FileInput as BlueprintFileInput, type FileInputProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export function FileInput({ text, buttonText, ...props }: FileInputProps) {
  const { t } = useTranslation('common');
  return <BlueprintFileInput text={text ?? t('fileInput.choose')} buttonText={buttonText ?? t('fileInput.browse')} {...props} />;
}
