/**
 * The text of each connector field an output can be written to, per type (n8n's `categories` is a
 * field of the posted JSON, Microsoft 365's is Outlook's). Spelled out per type rather than built from
 * the field's name, so a type, a field or a translation missing is a type error, not a raw key on screen.
 */
import type { TFunction } from 'i18next';
import type { ConnectorField, ConnectorType } from '../../../contract/integrations';

type TargetTexts = { [T in ConnectorType]: (t: TFunction<'integrations'>) => Record<ConnectorField<T>, string> };

const TARGET_TEXTS: TargetTexts = {
  imap: (t) => ({ keywords: t('editor.targets.imap.keywords'), draft: t('editor.targets.imap.draft') }),
  gmail: (t) => ({ labels: t('editor.targets.gmail.labels'), attachmentLabels: t('editor.targets.gmail.attachmentLabels'), draft: t('editor.targets.gmail.draft') }),
  m365: (t) => ({
    categories: t('editor.targets.m365.categories'),
    attachmentCategories: t('editor.targets.m365.attachmentCategories'),
    draft: t('editor.targets.m365.draft'),
    metadata: t('editor.targets.m365.metadata'),
  }),
  jira: (t) => ({
    summary: t('editor.targets.jira.summary'),
    description: t('editor.targets.jira.description'),
    labels: t('editor.targets.jira.labels'),
    draft: t('editor.targets.jira.draft'),
  }),
  salesforce: (t) => ({ Subject: t('editor.targets.salesforce.Subject'), Description: t('editor.targets.salesforce.Description'), draft: t('editor.targets.salesforce.draft') }),
  n8n: (t) => ({
    categories: t('editor.targets.n8n.categories'),
    attachmentCategories: t('editor.targets.n8n.attachmentCategories'),
    extracted: t('editor.targets.n8n.extracted'),
    draft: t('editor.targets.n8n.draft'),
  }),
};

/** The texts of a type's own fields, by field name. */
export const targetTexts = (t: TFunction<'integrations'>, type: ConnectorType): Readonly<Record<string, string>> => TARGET_TEXTS[type](t);
