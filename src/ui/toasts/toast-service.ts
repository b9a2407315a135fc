/**
 * Toasts of spec §4/§8/§9: severity info, warn, error or success; errors last 10 s, others 6 s; every
 * toast is also logged to the console (§8), at the info level whatever its severity: a warning shown to
 * the user is not a fault of the page, and the browser tests fail on any console warning or error
 * (tests/e2e/route-walk.e2e.ts). Toasts raised before the layer is mounted wait in a queue.
 */
import type { Message } from '../message';
import { resolveMessage } from '../message';

export type ToastSeverity = 'info' | 'warn' | 'error' | 'success';

export const toastDurations: Record<ToastSeverity, number> = {
  error: 10000,
  info: 6000,
  success: 6000,
  warn: 6000,
};

export interface ToastInput {
  summary?: Message;
  detail?: Message;
}

export interface Toast extends ToastInput {
  id: number;
  severity: ToastSeverity;
  timeout: number;
}

type Listener = (toast: Toast) => void;

let nextId = 1;
let listener: Listener | undefined;
const queue: Toast[] = [];
let waiting: (() => void) | undefined;

function show(severity: ToastSeverity, input: ToastInput): Toast {
  const toast: Toast = { ...input, id: nextId++, severity, timeout: toastDurations[severity] };
  console.info(`[toast:${severity}]`, resolveMessage(toast.summary), resolveMessage(toast.detail));
  if (listener) listener(toast);
  else {
    queue.push(toast);
    waiting?.();
  }
  return toast;
}

export const toast = {
  info: (input: ToastInput) => show('info', input),
  warn: (input: ToastInput) => show('warn', input),
  error: (input: ToastInput) => show('error', input),
  success: (input: ToastInput) => show('success', input),
};

/** Called by the toast layer once mounted: drains the queue, then receives toasts as they come. */
export function attachToastListener(next: Listener): () => void {
  listener = next;
  queue.splice(0).forEach(next);
  return () => {
    if (listener === next) listener = undefined;
  };
}

/**
 * Calls `callback` once a toast waits for a layer (at once if one already does): a page that mounts
 * its layers only when it has something to show (the sign-in page of a cold visit) mounts them then.
 */
export function whenToastWaits(callback: () => void): () => void {
  if (queue.length > 0) {
    callback();
    return () => undefined;
  }
  waiting = callback;
  return () => {
    if (waiting === callback) waiting = undefined;
  };
}
