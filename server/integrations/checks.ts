/** Server-side rules on a connector's body that need the clock or the type (§5 start date, mapping targets). */
import { CONNECTOR_FIELDS, mailboxOf, START_DATE_MAX_AGE_MS, type ConnectorSettings, type CustomField, type OutputMapping } from '../../src/contract/integrations';
import { HttpError } from '../http-error';

export function checkConnectorBody(settings: ConnectorSettings, mappings: readonly OutputMapping[], customFields: readonly CustomField[], previousStartDate: string | null = null, now = new Date()): void {
  const given = mailboxOf(settings)?.startDate ?? null;
  // §5/§9: a mailbox's start date is at most 24 hours back (a minute of slack for the time the form
  // took to arrive). An unchanged start date is kept when other settings are edited later.
  if (given !== null && given !== previousStartDate && new Date(given).getTime() < now.getTime() - START_DATE_MAX_AGE_MS - 60_000) {
    throw new HttpError(400, { message: 'The start date cannot be more than 24 hours before now', code: 'startDateTooOld' });
  }
  const targets = new Set([...CONNECTOR_FIELDS[settings.type], ...customFields.map((field) => field.technicalName)]);
  const unknown = mappings.find((mapping) => !targets.has(mapping.target));
  if (unknown !== undefined) {
    throw new HttpError(400, { message: `Unknown connector field "${unknown.target}"`, code: 'unknownMappingTarget', target: unknown.target });
  }
  // A required field that nothing writes to could never be filled: say so when saving, not at each message.
  const unmapped = customFields.find((field) => field.active && field.required && !mappings.some((mapping) => mapping.target === field.technicalName));
  if (unmapped !== undefined) {
    throw new HttpError(400, { message: `The required field "${unmapped.technicalName}" receives no data`, code: 'requiredFieldUnmapped', target: unmapped.technicalName });
  }
}
