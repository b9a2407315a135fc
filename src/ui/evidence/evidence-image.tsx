/**
 * A picture document of the evidence view (a JPG or PNG file of the analysis) drawn as the picture,
 * with the boxes of the OCR words its evidence was read from over it. The file is fetched when the
 * reader asks for the picture, as a PDF's pages are.
 */
import { useEffect, useState } from 'react';
import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { DocumentEvidence, EvidenceKind } from '../../analyses/evidence';
import { Spinner } from '../spinner';
import { EvidenceBoxes } from './evidence-boxes';
import { pictureTypeOf } from './picture-type';
import { useOriginal } from './use-original';

export function EvidenceImage({ document, load, kinds, selected }: { document: DocumentEvidence; load: () => Promise<Uint8Array>; kinds: readonly EvidenceKind[]; selected: number | null }) {
  const { t } = useTranslation('analyses');
  const original = useOriginal(load);
  const type = pictureTypeOf(document) ?? 'application/octet-stream';
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!original.bytes) return setUrl(undefined);
    const made = URL.createObjectURL(new Blob([original.bytes.slice()], { type }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [original.bytes, type]);
  if (original.failed) {
    return (
      <Callout intent="warning" title={t('evidence.pictureFailed')}>
        <Button text={t('evidence.retry')} onClick={original.retry} />
      </Callout>
    );
  }
  if (!url) return <Spinner size={20} aria-label={t('evidence.pictureLoading')} />;
  // The boxes are fractions of the picture read: one page, the first.
  const boxes = document.boxes.find((page) => page.page === 1)?.boxes ?? [];
  return (
    <div className="p-evidence__picture" data-testid="evidence-picture">
      <img src={url} alt={t('evidence.pictureAlt', { name: document.name })} />
      <EvidenceBoxes document={document.document} boxes={boxes} kinds={kinds} selected={selected} />
    </div>
  );
}
