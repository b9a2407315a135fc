/**
 * A mail typed in the console (or sent as JSON by a program) becomes a real RFC 822 message, built
 * by nodemailer's MailComposer, and is stored as the analysis's main `.eml` file with input type
 * `simulatedMail`: the extractor then reads it like any uploaded mail. Its attachments travel inside
 * the .eml (not as separate files, which the extractor would read twice), after the same §5 checks
 * as an upload: what the user sent is a body plus attachment files.
 */
import MailComposer from 'nodemailer/lib/mail-composer';
import { type SimulatedMail } from '../../src/contract/analyses';
import { uploadProblems } from '../../src/contract/uploads';
import { HttpError } from '../http-error';
import type { NewAnalysis } from './create';
import { cleanFileName } from './upload';
import { uploadRejected } from './upload-rejection';

/** The name of the .eml the simulated mail is stored as. */
export const SIMULATED_MAIL_FILE = 'simulated-mail.eml';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function decodeAttachment(name: string, contentBase64: string): Buffer {
  const compact = contentBase64.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) {
    throw new HttpError(400, { message: `Attachment "${name}" is not valid base64`, code: 'invalidUpload' });
  }
  return Buffer.from(compact, 'base64');
}

export async function composeSimulatedMail(
  mail: SimulatedMail,
): Promise<Pick<NewAnalysis, 'name' | 'main' | 'metadata' | 'inputType'>> {
  const attachments = mail.attachments.map((attachment) => {
    const filename = cleanFileName(attachment.name);
    return { filename, content: decodeAttachment(filename, attachment.contentBase64) };
  });
  const problems = uploadProblems([
    { name: SIMULATED_MAIL_FILE, size: Buffer.byteLength(mail.subject) + Buffer.byteLength(mail.body) },
    ...attachments.map((attachment) => ({ name: attachment.filename, size: attachment.content.length })),
  ]);
  if (problems.length > 0) throw uploadRejected(problems);

  const composer = new MailComposer({
    from: mail.sender,
    to: mail.recipient,
    subject: mail.subject,
    text: mail.body,
    date: new Date(),
    attachments: attachments.map(({ filename, content }) => ({ filename, content })),
    // Only the bytes given here go in: never a path or URL read on the server's behalf.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  const eml = await composer.compile().build();
  return {
    name: (mail.name?.trim() || mail.subject.trim() || `Mail from ${mail.sender}`).slice(0, 200),
    main: { name: SIMULATED_MAIL_FILE, content: eml },
    metadata: mail.metadata,
    inputType: 'simulatedMail',
  };
}
