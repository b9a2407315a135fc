/** What the local protocol servers (Gmail, Microsoft 365, Jira, Salesforce, n8n) share: reading a body, answering JSON. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

/** A JSON answer; `undefined` answers an empty body (204). */
export const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(body === undefined ? '' : JSON.stringify(body));
};
