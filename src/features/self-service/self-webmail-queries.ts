/** The self-service webmail's server read (src/contract/self-service-webmail.ts), one per use case. */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import { getSelfWebmail } from '../../contract/self-service-webmail';

export const selfWebmailQueries = {
  all: () => ['selfService', 'webmail'] as const,
  status: (envId: string) =>
    queryOptions({
      queryKey: [...selfWebmailQueries.all(), envId] as const,
      queryFn: ({ signal }) => request(getSelfWebmail, { params: { envId }, signal }),
      // While Google's page is open or a reading is under way, the state changes without this page
      // doing anything: follow it (the callback page also tells this page, see SELF_WEBMAIL_CHANNEL).
      // Active, new mail is read on the server's schedule: the counts follow, more slowly.
      refetchInterval: (query) => {
        const data = query.state.data;
        if (data?.state === 'configuring' || data?.checking) return 1500;
        return data?.active ? 15_000 : false;
      },
    }),
};
