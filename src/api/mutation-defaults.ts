/**
 * Mutation defaults, registered at start-up before the cache is restored: a mutation paused offline
 * is persisted with its key and variables only, so after a reload its function comes from here.
 * Features add theirs with `defineOfflineMutation`.
 */
import type { MutationFunction, QueryClient } from '@tanstack/react-query';

interface OfflineMutation {
  mutationKey: readonly unknown[];
  mutationFn: MutationFunction<unknown, any>;
}

const registry: OfflineMutation[] = [];

export function defineOfflineMutation<TVariables>(
  mutationKey: readonly unknown[],
  mutationFn: (variables: TVariables) => Promise<unknown>,
) {
  const entry = { mutationKey, mutationFn: mutationFn as MutationFunction<unknown, any> };
  registry.push(entry);
  return { mutationKey, mutationFn, meta: { persist: true } } as const;
}

export function registerMutationDefaults(queryClient: QueryClient): void {
  for (const { mutationKey, mutationFn } of registry) {
    queryClient.setMutationDefaults(mutationKey, { mutationFn, meta: { persist: true } });
  }
}
