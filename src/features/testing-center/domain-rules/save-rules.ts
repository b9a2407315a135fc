/**
 * Saving the project's domain rules, v1 or v2 alike: the answer (the whole rules) replaces the cached
 * ones, and a toast says it was saved or why not.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errors';
import type { DomainRules } from '../../../contract/testing-evaluation';
import { toast } from '../../../ui/toasts/toast-service';
import { testRunQueries } from '../runs/queries';

export function useSaveDomainRules(projectId: string) {
  const { t } = useTranslation('testRuns');
  const queryClient = useQueryClient();
  return async (send: () => Promise<DomainRules>): Promise<boolean> => {
    try {
      queryClient.setQueryData(testRunQueries.domainRules(projectId).queryKey, await send());
      toast.success({ summary: t('domainRules.saved') });
      return true;
    } catch (error) {
      toast.error({ summary: t('domainRules.saveFailed'), detail: errorMessage(error) });
      return false;
    }
  };
}
