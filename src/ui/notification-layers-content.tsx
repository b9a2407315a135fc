import { ToastLayer } from './toasts/toast-layer';
import { ErrorDialogLayer } from './dialogs/error-dialog';
import { ConfirmLayer } from './dialogs/confirm-layer';
import { UpdatePrompt } from './pwa/update-prompt';

export default function NotificationLayersContent() {
  return (
    <>
      <ConfirmLayer />
      <ErrorDialogLayer />
      <ToastLayer />
      <UpdatePrompt />
    </>
  );
}
