// Worker threads do not inherit tsx's loader hooks: register them here, then load the OCR thread.
import { register } from 'tsx/esm/api';

register();
await import('./ocr-thread.ts');
