/**
 * New password and its confirmation, with the rules of spec §5 checked as the user types (the same
 * rules the server applies, from src/contract/passwords.ts), so the form explains before it refuses.
 */
import { Icon, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { brokenPasswordRules, PASSWORD_MIN_LENGTH, passwordRules } from '../contract/passwords';
import { Field } from './form';

export interface NewPassword {
  password: string;
  confirmation: string;
}

export function isAcceptable({ password, confirmation }: NewPassword): boolean {
  return brokenPasswordRules(password).length === 0 && password === confirmation;
}

export function PasswordFields({ value, onChange }: { value: NewPassword; onChange: (next: NewPassword) => void }) {
  const { t } = useTranslation('account');
  const broken = new Set(brokenPasswordRules(value.password));
  const differ = value.confirmation !== '' && value.confirmation !== value.password;
  return (
    <>
      <Field label={t('fields.newPassword')} labelFor="new-password">
        <InputGroup
          id="new-password"
          type="password"
          autoComplete="new-password"
          value={value.password}
          onValueChange={(password) => onChange({ ...value, password })}
          aria-describedby="password-rules"
        />
      </Field>
      <div id="password-rules" className="p-password-rules">
        <p>{t('rules.title')}</p>
        <ul>
          {passwordRules.map(({ code }) => {
            const met = value.password !== '' && !broken.has(code);
            return (
              <li key={code} data-rule={code} data-met={met}>
                <Icon icon={met ? 'tick-circle' : 'circle'} intent={met ? 'success' : 'none'} size={12} />{' '}
                {t(`rules.${code}`, { count: PASSWORD_MIN_LENGTH })}
                <span className="p-visually-hidden"> ({t(met ? 'rules.met' : 'rules.unmet')})</span>
              </li>
            );
          })}
        </ul>
      </div>
      <Field
        label={t('fields.confirmation')}
        labelFor="password-confirmation"
        intent={differ ? 'danger' : 'none'}
        helperText={differ ? t('fields.differ') : undefined}
      >
        <InputGroup
          id="password-confirmation"
          type="password"
          autoComplete="new-password"
          intent={differ ? 'danger' : 'none'}
          value={value.confirmation}
          onValueChange={(confirmation) => onChange({ ...value, confirmation })}
        />
      </Field>
    </>
  );
}
