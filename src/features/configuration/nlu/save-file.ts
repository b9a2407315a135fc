/** Offers a JSON value as a file download. */
import { saveText } from '../../../ui/save-blob';

export function saveJson(value: unknown, filename: string): void {
  saveText(JSON.stringify(value, null, 2), filename, 'application/json');
}
