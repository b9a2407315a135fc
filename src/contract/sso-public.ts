/**
 * The social providers' call without its answer's schema (data only, no zod): the sign-in page asks
 * it as it paints, before any contract is loaded (bench:shell), and reads the answer with
 * `socialProviderIds`. The declaration in sso.ts adds the schema the server answers by.
 */
import { access } from './access-rules';

export const socialProvidersCall = {
  id: 'sso.socialProviders',
  method: 'GET',
  path: '/oauth/providers',
  summary: 'The social sign-in providers configured on this server, and whether each may create accounts',
  access: access.public,
} as const;

/** The provider ids of an answer to `socialProvidersCall`; none when it is not shaped as declared. */
export function socialProviderIds(answer: unknown): string[] {
  const providers: unknown = typeof answer === 'object' && answer !== null ? (answer as { providers?: unknown }).providers : undefined;
  if (!Array.isArray(providers)) return [];
  return providers.flatMap((provider: unknown) => {
    const id: unknown = typeof provider === 'object' && provider !== null ? (provider as { id?: unknown }).id : undefined;
    return typeof id === 'string' ? [id] : [];
  });
}
