/**
 * §5 upload messages, translated by code: checked in the browser before anything is sent (the same
 * `uploadProblems` the server runs), and read back from a 400 `uploadRejected` answer.
 */
import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { serverCode } from '../api/errors';
import type { UploadProblem } from '../contract/uploads';
import { usePreferences } from '../storage/preferences';
import { formatBytes } from './format-bytes';

const CODES: readonly UploadProblem['code'][] = ['extensionNotAllowed', 'fileTooLarge', 'totalTooLarge', 'tooManyFiles', 'noMainFile'];

/** The problems a 400 `uploadRejected` answer lists (`problems` in its body), or none. */
export function rejectedProblems(error: unknown): UploadProblem[] {
  if (serverCode(error) !== 'uploadRejected') return [];
  const body = (error as { jsonData?: unknown }).jsonData as { problems?: unknown } | undefined;
  return Array.isArray(body?.problems)
    ? body.problems.filter((p): p is UploadProblem => typeof p === 'object' && p !== null && CODES.includes((p as UploadProblem).code))
    : [];
}

export function UploadProblems({ problems }: { problems: readonly UploadProblem[] }) {
  const { t } = useTranslation('analyses');
  const { language } = usePreferences();
  if (problems.length === 0) return null;
  const text = (problem: UploadProblem): string => {
    switch (problem.code) {
      case 'extensionNotAllowed': return `${problem.file}: ${t('upload.problems.extensionNotAllowed', { ext: problem.ext })}`;
      case 'fileTooLarge': return `${problem.file}: ${t('upload.problems.fileTooLarge', { size: formatBytes(problem.size, language) })}`;
      case 'totalTooLarge': return t('upload.problems.totalTooLarge', { size: formatBytes(problem.size, language) });
      case 'tooManyFiles': return t('upload.problems.tooManyFiles', { count: problem.count });
      case 'noMainFile': return t('upload.problems.noMainFile');
    }
  };
  return (
    <Callout intent="danger" role="alert" data-testid="upload-problems">
      <ul style={{ margin: 0, paddingLeft: '1.2rem' }}>
        {problems.map((problem, index) => <li key={index}>{text(problem)}</li>)}
      </ul>
    </Callout>
  );
}
