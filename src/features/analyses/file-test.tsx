/**
 * What the extractor test and the OCR data extraction test share: one file checked against the §5
 * upload rules, sent to a test endpoint of the environment with its progress, refusals listed with
 * their messages; the drop zone with that progress; and copying a result as JSON.
 */
import { useState } from 'react';
import { ProgressBar } from '@blueprintjs/core';
import { Spinner } from '../../ui/spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { upload } from '../../api/upload';
import type { Endpoint, EndpointResponse } from '../../contract/define';
import { uploadProblems, type UploadProblem } from '../../contract/uploads';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { FileDrop } from '../../ui/file-drop';
import { rejectedProblems, UploadProblems } from '../../ui/upload-problems';

export interface FileTest<R> {
  file: File | null;
  problems: UploadProblem[];
  /** Upload progress from 0 to 1 while the test runs; null otherwise. */
  progress: number | null;
  result: R | null;
  run(file: File): Promise<void>;
}

/** `onFailure` hears every failure other than an upload refusal (listed as problems). */
export function useFileTest<E extends Endpoint>(endpoint: E, envId: string, onFailure: (error: unknown) => void): FileTest<EndpointResponse<E>> {
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<UploadProblem[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<EndpointResponse<E> | null>(null);

  const run = async (chosen: File) => {
    setFile(chosen);
    setResult(null);
    const found = uploadProblems([chosen]);
    setProblems(found);
    if (found.length > 0) return;
    const body = new FormData();
    body.append('file', chosen, chosen.name);
    setProgress(0);
    try {
      const params = { envId } as never;
      setResult(await upload(endpoint, { params, body: body as never, onProgress: ({ loaded, total }) => setProgress(total > 0 ? loaded / total : 0) }));
    } catch (error) {
      const listed = rejectedProblems(error);
      if (listed.length > 0) setProblems(listed);
      else onFailure(error);
    } finally {
      setProgress(null);
    }
  };
  return { file, problems, progress, result, run };
}

export function FileTestInput<R>({ test, testId, runningLabel }: { test: FileTest<R>; testId: string; runningLabel: string }) {
  const { t } = useTranslation('analyses');
  return (
    <>
      <FileDrop label={t('extractorTest.choose')} hint={t('extractorTest.drop')} onFiles={([first]) => first && void test.run(first)} testId={testId}>
        {test.file && <p style={{ margin: '0.5rem 0 0' }}>{test.file.name}</p>}
      </FileDrop>
      <UploadProblems problems={test.problems} />
      {test.progress !== null && (
        <div role="status" aria-live="polite" style={{ margin: '0.75rem 0' }}>
          {test.progress < 1 ? <ProgressBar value={test.progress} intent="primary" /> : <Spinner size={20} />} {runningLabel}
        </div>
      )}
    </>
  );
}

export async function copyAsJson(value: unknown): Promise<void> {
  try {
    await navigator.clipboard.writeText(JSON.stringify(value, null, 2));
    toast.success({ summary: tr('analyses:extractorTest.copied') });
  } catch (error) {
    toast.error({ summary: tr('analyses:extractorTest.copyFailed'), detail: errorMessage(error) });
  }
}
