/** The Includes tab: which templates this one includes (and whether they exist) and which include it, from the unsaved text. */
import { H5, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import type { ReplyTemplate } from '../../../contract/reply-templates';
import { includeRelations } from '../../../replies/includes';
import { useRepliesEnv } from './replies-frame';

export function IncludesTab({ templates, name }: { templates: readonly ReplyTemplate[]; name: string }) {
  const { t } = useTranslation('replies');
  const { projectId, envId } = useRepliesEnv();
  const { includes, includedBy } = includeRelations(templates, name);
  const link = (other: string) => {
    const target = templates.find((template) => template.name === other);
    return target ? (
      <Link to={paths.replyTemplate(projectId, envId, target.id, 'templates')}>{other}</Link>
    ) : (
      <>
        {other} <Tag intent="danger" minimal>{t('includes.missing')}</Tag>
      </>
    );
  };
  return (
    <div data-testid="includes-tab">
      <p className="bp6-text-muted">{t('includes.help')}</p>
      <H5>{t('includes.includes')}</H5>
      {includes.length === 0 ? <p>{t('includes.none')}</p> : <ul data-testid="includes-list">{includes.map((other) => <li key={other}>{link(other)}</li>)}</ul>}
      <H5>{t('includes.includedBy')}</H5>
      {includedBy.length === 0 ? <p>{t('includes.none')}</p> : <ul data-testid="included-by-list">{includedBy.map((other) => <li key={other}>{link(other)}</li>)}</ul>}
    </div>
  );
}
