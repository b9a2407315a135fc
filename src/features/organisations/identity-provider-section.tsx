/**
 * The organisation's OpenID Connect identity provider, for organisation admins on the
 * settings page: issuer, client id, email domain and a write-only client secret (left empty, the
 * stored one is kept). Saving is the connection test: the server refuses an issuer that does not
 * answer discovery (`ssoProviderUnavailable`) or can never work (not a URL, not https), said under
 * the issuer field as well. Removal asks first.
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { errorMessage, serverCode } from '../../api/errors';
import { deleteIdentityProvider, identityProviderSchema, putIdentityProvider, type IdentityProvider } from '../../contract/sso';
import { AutoForm, type AutoField } from '../../ui/auto-form';
import { ListState } from '../../ui/list-state';
import { confirm } from '../../ui/dialogs/dialog-service';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { useUnsavedChangesAlongside } from '../../ui/unsaved-changes';
import { organisationQueries } from './queries';
import { Form } from '../../ui/form';

interface Draft extends Record<string, unknown> {
  issuer: string;
  clientId: string;
  clientSecret: string;
  emailDomain: string;
}

/** The server's refusals that are about the issuer the reader typed (a provider that does not answer discovery included). */
const ISSUER_CODES = new Set(['ssoIssuerNotUrl', 'ssoIssuerNotHttps', 'ssoProviderUnavailable']);

const draftOf = (provider: IdentityProvider | null): Draft => ({
  issuer: provider?.issuer ?? '',
  clientId: provider?.clientId ?? '',
  clientSecret: '',
  emailDomain: provider?.emailDomain ?? '',
});

export function IdentityProviderSection({ orgaId }: { orgaId: string }) {
  const { t } = useTranslation(['organisations', 'common']);
  const queryClient = useQueryClient();
  const query = useQuery(organisationQueries.identityProvider(orgaId));
  const stored = query.data ?? null;
  const [draft, setDraft] = useState<Draft>(() => draftOf(null));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (query.data !== undefined) setDraft(draftOf(query.data));
  }, [query.data]);
  const dirty = query.data !== undefined && JSON.stringify(draft) !== JSON.stringify(draftOf(stored));

  const fields: AutoField<keyof Draft & string>[] = [
    { name: 'issuer', kind: 'text', label: t('sso.issuer'), help: t('sso.issuerHelp'), placeholder: 'https://idp.example.com', required: true },
    { name: 'clientId', kind: 'text', label: t('sso.clientId'), required: true },
    {
      name: 'clientSecret',
      kind: 'password',
      label: t('sso.clientSecret'),
      help: stored ? t('sso.clientSecretKept') : t('sso.clientSecretHelp'),
      required: !stored,
    },
    { name: 'emailDomain', kind: 'text', label: t('sso.emailDomain'), help: t('sso.emailDomainHelp'), placeholder: 'example.com' },
  ];

  const save = async (): Promise<boolean> => {
    const body = {
      issuer: draft.issuer.trim(),
      clientId: draft.clientId.trim(),
      emailDomain: draft.emailDomain.trim() === '' ? null : draft.emailDomain.trim().toLowerCase(),
      ...(draft.clientSecret ? { clientSecret: draft.clientSecret } : {}),
    };
    const checked = identityProviderSchema.safeParse(body);
    const found: Partial<Record<string, string>> = {};
    for (const issue of checked.error?.issues ?? []) found[String(issue.path[0])] = t(`sso.invalid.${String(issue.path[0])}` as never);
    if (!stored && !draft.clientSecret) found.clientSecret = t('sso.invalid.clientSecret');
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    setBusy(true);
    try {
      const saved = await request(putIdentityProvider, { params: { orgaId }, body });
      queryClient.setQueryData(organisationQueries.identityProvider(orgaId).queryKey, saved);
      toast.success({ summary: tr('organisations:sso.saved') });
      return true;
    } catch (error) {
      // What is wrong with the issuer is said under it too, where the reader corrects it.
      if (ISSUER_CODES.has(serverCode(error) ?? '')) setErrors({ issuer: errorMessage(error) });
      toast.error({ summary: tr('errors:generic.save.failure'), detail: errorMessage(error) });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!(await confirm({ body: tr('organisations:sso.removeConfirm'), danger: true }))) return;
    try {
      await request(deleteIdentityProvider, { params: { orgaId } });
      queryClient.setQueryData(organisationQueries.identityProvider(orgaId).queryKey, null);
      toast.success({ summary: tr('errors:generic.delete.success') });
    } catch (error) {
      toast.error({ summary: tr('errors:generic.delete.failure'), detail: errorMessage(error) });
    }
  };
  // Shown inside the organisation settings page, whose guard asks for both forms.
  useUnsavedChangesAlongside({ when: dirty, onSave: save });

  return (
    <Card className="p-section" aria-labelledby="sso-title">
      <h2 id="sso-title">
        {t('sso.title')} {query.data !== undefined && <Tag minimal intent={stored ? Intent.SUCCESS : Intent.NONE}>{t(stored ? 'sso.on' : 'sso.off')}</Tag>}
      </h2>
      <p className="bp6-text-muted">{t('sso.intro')}</p>
      <ListState query={query} errorText={t('sso.error')}>
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <AutoForm id="sso" fields={fields} value={draft} onChange={setDraft} errors={errors} />
          <Button type="submit" intent="primary" text={t('sso.save')} loading={busy} disabled={!dirty} />{' '}
          {stored && <Button intent="danger" variant="minimal" icon="trash" text={t('sso.remove')} onClick={() => void remove()} />}
        </Form>
      </ListState>
    </Card>
  );
}
