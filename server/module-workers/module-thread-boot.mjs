// Worker threads do not inherit tsx's loader hooks: register them here, then load the module thread.
import { register } from 'tsx/esm/api';

register();
await import('./module-thread.ts');
