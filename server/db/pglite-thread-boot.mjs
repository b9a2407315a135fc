// Worker threads do not inherit tsx's loader hooks: register them here, then load the database thread.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-thread-worker.ts');
