/** Starts the real server once for every end-to-end file; they reach it through `inject('baseUrl')`. */
import type { TestProject } from 'vitest/node';
import { startServerProcess } from '../../scripts/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's data folder; mails land in its outbox/ (no SMTP in tests). */
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startServerProcess({ logs: true });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
  return () => server.stop();
}
