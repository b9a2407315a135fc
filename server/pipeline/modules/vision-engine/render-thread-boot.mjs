// Worker threads do not inherit tsx's loader hooks: register them here, then load the render thread.
import { register } from 'tsx/esm/api';

register();
await import('./render-thread.ts');
