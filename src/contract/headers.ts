/**
 * Header names both sides use, in a module without zod: the request layer is on the login page's
 * start path, where the contracts' schemas are not (bench:shell, docs/development/benchmarks.md).
 */

/** Header carrying the username of the user a provider support agent acts as (ghosting, spec §6). */
export const SWITCH_HEADER = 'X-Switch-User';
