/** The use-case templates of CreateEnv (spec §2.4): export files shipped as data, checked at load. */
import type { EnvironmentExport, EnvironmentTemplateId } from '../../src/contract/environments';
import insuranceMeeting from './templates/insurance-meeting.json';
import retailQuotesAndOrders from './templates/retail-quotes-and-orders.json';
import tourismAirlineMessages from './templates/tourism-airline-messages.json';
import { readExportFile } from './transfer';

const files: Record<EnvironmentTemplateId, unknown> = {
  'insurance:meeting': insuranceMeeting,
  'tourism:airline-messages': tourismAirlineMessages,
  'retail:quotes-and-orders': retailQuotesAndOrders,
};

let loaded: Map<EnvironmentTemplateId, EnvironmentExport> | undefined;

export function environmentTemplate(id: EnvironmentTemplateId): EnvironmentExport {
  loaded ??= new Map(
    Object.entries(files).map(([key, file]) => [key as EnvironmentTemplateId, readExportFile(file)]),
  );
  const template = loaded.get(id);
  if (template === undefined) throw new Error(`No template ${id}`);
  return template;
}
