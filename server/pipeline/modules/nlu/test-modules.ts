/** The shape tests write an environment's modules in (defaults fill the rest). */
import type { z } from 'zod';
import type { environmentModuleSchema } from '../../../../src/contract/environments';

export type EnvironmentModuleInput = z.input<typeof environmentModuleSchema>;
