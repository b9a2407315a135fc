/**
 * What the self-service use-case frame (`src/features/self-service/use-case-layout.tsx`) hands to the
 * pages under /self/{envId} through the router's outlet context: the use case, the month's quota
 * across all use cases, and a way to read them again (after an upload or a rename). Kept in app/ since
 * those pages belong to other features (analyses, dashboard) that may not import self-service.
 */
import { useOutletContext } from 'react-router';
import type { SelfServiceQuota, SelfServiceUseCase } from '../contract/self-service';

export interface SelfUseCaseContext {
  useCase: SelfServiceUseCase;
  quota: SelfServiceQuota;
  /** Reads the overview again (quota used, names, last activity). */
  refresh: () => Promise<unknown>;
}

export function useSelfUseCase(): SelfUseCaseContext {
  return useOutletContext<SelfUseCaseContext>();
}
