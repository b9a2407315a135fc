/**
 * The enumerations and column helpers the schema files share. Enumerations are PostgreSQL enums so
 * the database itself refuses a value the contract does not know; where the contract lists the values,
 * the enum takes them from there, so the two cannot drift apart.
 */
import {
  pgEnum,
  timestamp,
} from 'drizzle-orm/pg-core';
import { roleSchema, type Role } from '../../src/contract/auth';
import { ANALYSIS_STATUSES, TRACE_OUTCOMES } from '../../src/contract/analyses';
import { INPUT_TYPES } from '../../src/contract/uploads';

export const memberRoleEnum = pgEnum('member_role', roleSchema.options as [Role, ...Role[]]);

export const adminModeEnum = pgEnum('admin_mode', ['admin', 'notAdmin']);

export const providerRoleEnum = pgEnum('provider_role', ['sre', 'support']);

export const projectTypeEnum = pgEnum('project_type', ['IC', 'NLU']);

export const accessProfileEnum = pgEnum('access_profile', [
  'configurator',
  'qualifier',
  'cockpit',
  'noAccess',
]);

export const visibilityEnum = pgEnum('environment_visibility', ['public', 'private']);

export const invitationStatusEnum = pgEnum('invitation_status', ['pending', 'accepted', 'declined']);

export const webhookTypeEnum = pgEnum('webhook_type', ['analysis', 'consolidation', 'error']);

export const webhookFormatEnum = pgEnum('webhook_format', ['json', 'form']);

export const analysisStatusEnum = pgEnum('analysis_status', ANALYSIS_STATUSES);

export const analysisInputTypeEnum = pgEnum('analysis_input_type', INPUT_TYPES);

export const traceOutcomeEnum = pgEnum('trace_outcome', TRACE_OUTCOMES);

export const deliveryOutcomeEnum = pgEnum('delivery_outcome', ['scheduled', 'delivered', 'failed']);

export const analysisFileRoleEnum = pgEnum('analysis_file_role', ['main', 'attachment']);

/** The creation time every table keeps. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
