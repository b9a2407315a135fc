/**
 * Wakes this process's pipeline workers as soon as an analysis or a delivery is queued, instead of
 * waiting for their next poll. Other processes on the same PostgreSQL find the work by polling.
 */
import { EventEmitter } from 'node:events';

const signal = new EventEmitter();
signal.setMaxListeners(0);

export function notifyQueued(): void {
  signal.emit('queued');
}

/** Returns the unsubscribe function. */
export function onQueued(listener: () => void): () => void {
  signal.on('queued', listener);
  return () => signal.off('queued', listener);
}
