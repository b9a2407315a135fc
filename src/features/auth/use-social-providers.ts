/**
 * Which social sign-in buttons the login page shows. Asked once the form has painted (the buttons
 * sit under it), through the request layer but without the SSO contract's schema: the page paints
 * and stays without zod (bench:shell). Any failure shows no button; the password still works.
 */
import { useEffect, useState } from 'react';
import { request } from '../../api/request';
import { socialProviderIds, socialProvidersCall } from '../../contract/sso-public';
import { firstPaint } from '../../ui/after-first-paint';

export function useSocialProviders(): readonly string[] {
  const [ids, setIds] = useState<readonly string[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    void firstPaint()
      .then(() => request(socialProvidersCall, { signal: controller.signal }))
      .then((answer) => setIds(socialProviderIds(answer)))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return ids;
}
