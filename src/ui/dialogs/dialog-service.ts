/**
 * The dialog and confirmation services: anyone asks, the mounted layers render. Requests made before
 * the layers are mounted wait for them.
 */
import type { Message } from '../message';

export interface ErrorDialogRequest {
  summary?: Message;
  detail?: Message;
}

export interface ConfirmRequest {
  title?: Message;
  body: Message;
  confirmLabel?: Message;
  cancelLabel?: Message;
  /** Styles the confirm button as destructive. */
  danger?: boolean;
}

interface PendingConfirm extends ConfirmRequest {
  resolve: (confirmed: boolean) => void;
}

type Handler<T> = ((request: T) => void) | undefined;

let errorHandler: Handler<ErrorDialogRequest>;
let confirmHandler: Handler<PendingConfirm>;
const pendingErrors: ErrorDialogRequest[] = [];
const pendingConfirms: PendingConfirm[] = [];

export function openErrorDialog(request: ErrorDialogRequest): void {
  if (errorHandler) errorHandler(request);
  else pendingErrors.push(request);
}

/** Resolves true when the user confirms, false when they cancel or close the dialog. */
export function confirm(request: ConfirmRequest): Promise<boolean> {
  return new Promise((resolve) => {
    const pending = { ...request, resolve };
    if (confirmHandler) confirmHandler(pending);
    else pendingConfirms.push(pending);
  });
}

export function attachErrorDialogHandler(handler: (request: ErrorDialogRequest) => void): () => void {
  errorHandler = handler;
  pendingErrors.splice(0).forEach(handler);
  return () => {
    if (errorHandler === handler) errorHandler = undefined;
  };
}

export function attachConfirmHandler(handler: (request: PendingConfirm) => void): () => void {
  confirmHandler = handler;
  pendingConfirms.splice(0).forEach(handler);
  return () => {
    if (confirmHandler === handler) confirmHandler = undefined;
  };
}

export type { PendingConfirm };
