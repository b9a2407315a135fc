/**
 * A multipart/form-data body for `app.inject`, serialised by the platform's own FormData (undici),
 * as a browser or a program's HTTP client would send it.
 */
export interface MultipartFilePart {
  name: string;
  content: Uint8Array | string;
  type?: string;
}

export interface MultipartInput {
  file?: MultipartFilePart;
  attachments?: readonly MultipartFilePart[];
  /** Plain text parts (`name`, `metadata` as JSON, `manualFinalStatus`...). */
  fields?: Record<string, string>;
}

export async function multipart(input: MultipartInput): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  const blob = (part: MultipartFilePart) =>
    new Blob([typeof part.content === 'string' ? part.content : new Uint8Array(part.content)], {
      type: part.type ?? 'application/octet-stream',
    });
  for (const [name, value] of Object.entries(input.fields ?? {})) form.append(name, value);
  if (input.file !== undefined) form.append('file', blob(input.file), input.file.name);
  for (const attachment of input.attachments ?? []) form.append('attachments', blob(attachment), attachment.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
