/**
 * test-ocrDataExtraction: OCR data extraction is a later issue, so the module can never be enabled
 * yet and the route sends the user to the dashboard with the §8 message.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../app/paths';
import { toast } from '../../ui/toasts/toast-service';
import { tr } from '../../ui/message';

export function ocrTestLoader({ params }: LoaderFunctionArgs) {
  toast.warn({ summary: tr('analyses:extractorTest.ocrNotEnabled') });
  return redirect(paths.dashboard(params.projectId ?? '', params.envId ?? ''));
}
