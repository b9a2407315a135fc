// Worker threads do not inherit tsx's loader hooks: register them here, then load the TypeScript entry.
import { register } from 'tsx/esm/api';

register();
await import('./node-worker.ts');
