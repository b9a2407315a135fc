/**
 * The 400 an upload gets when it breaks the §5 rules (UPLOAD_LIMITS): code `uploadRejected`, one
 * English sentence per problem in `message` (UPLOAD_MESSAGES), and the problems themselves so the
 * console can translate each one.
 */
import { UPLOAD_MESSAGES, type UploadProblem } from '../../src/contract/uploads';
import { HttpError } from '../http-error';

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

export function uploadProblemMessage(problem: UploadProblem): string {
  switch (problem.code) {
    case 'extensionNotAllowed':
      return `${problem.file}: ${UPLOAD_MESSAGES.extensionNotAllowed.replace('{ext}', problem.ext)}`;
    case 'fileTooLarge':
      return `${problem.file}: ${UPLOAD_MESSAGES.fileTooLarge.replace('{size}', megabytes(problem.size))}`;
    case 'totalTooLarge':
      return UPLOAD_MESSAGES.totalTooLarge.replace('{size}', megabytes(problem.size));
    case 'tooManyFiles':
      return UPLOAD_MESSAGES.tooManyFiles.replace('{count}', String(problem.count));
    case 'noMainFile':
      return UPLOAD_MESSAGES.noMainFile;
  }
}

export function uploadRejected(problems: readonly UploadProblem[]): HttpError {
  return new HttpError(400, {
    message: problems.map(uploadProblemMessage).join('\n'),
    code: 'uploadRejected',
    problems,
  });
}
