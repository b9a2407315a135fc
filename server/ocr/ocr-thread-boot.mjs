// Worker threads do not inherit tsx's loader hooks: register them here, then load the OCR thread.
import { register } from 'tsx/esm/api';
import { lowerThreadPriority } from '../../src/parsing/background-priority.mjs';

register();
// Below the main thread, which answers HTTP for every organisation (background-priority.mjs).
lowerThreadPriority();
await import('./ocr-thread.ts');
