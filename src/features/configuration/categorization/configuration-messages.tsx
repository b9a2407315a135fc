/** The §5/§8 messages of a configuration: errors (they block the save) apart from warnings, translated by code. */
import { Callout, Intent } from '@blueprintjs/core';
import type { ConfigurationMessage } from '../../../contract/categorization';
import { configurationMessageText } from './messages';

export function ConfigurationMessages({ messages, testId = 'configuration-messages' }: { messages: readonly ConfigurationMessage[]; testId?: string }) {
  const errors = messages.filter((message) => message.severity === 'error');
  const warnings = messages.filter((message) => message.severity === 'warning');
  return (
    <>
      {errors.length > 0 && (
        <Callout intent={Intent.DANGER} compact data-testid={`${testId}-errors`}>
          <ul>
            {errors.map((message, index) => (
              <li key={index}>{configurationMessageText(message)}</li>
            ))}
          </ul>
        </Callout>
      )}
      {warnings.length > 0 && (
        <Callout intent={Intent.WARNING} compact data-testid={`${testId}-warnings`}>
          <ul>
            {warnings.map((message, index) => (
              <li key={index}>{configurationMessageText(message)}</li>
            ))}
          </ul>
        </Callout>
      )}
    </>
  );
}
