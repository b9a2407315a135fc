export * from './keys';
export * from './store';
export { db } from './db';
