/**
 * Lowers the calling worker thread's scheduling priority (nice +10), so that on a server with few
 * cores the main thread, which answers every organisation's HTTP requests, runs first whenever it
 * has work and the workers take the rest. On Linux the nice value belongs to a thread, not to the
 * process, so only this thread changes; elsewhere (or where it is refused) nothing changes.
 */
import os from 'node:os';

export const BACKGROUND_NICE = 10;

export function lowerThreadPriority() {
  try {
    if (os.platform() === 'linux') os.setPriority(0, BACKGROUND_NICE);
  } catch {
    // Not allowed here: the thread keeps the priority it was started with.
  }
}
