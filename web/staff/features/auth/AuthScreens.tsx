// Sign-in, forgot password, reset password (the link of the e-mail) and change password: small forms described
// here and rendered by the toolkit's ServerForm, so 422 errors land on their fields and other failures ('Wrong
// E-mail/password combination', 'Account no longer active', the 429 throttling message) show as its alert.
import { useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { FormSchema } from '../../../../machines/contracts/form-schema.ts';
import { PASSWORD_MAX, PASSWORD_MIN, type StaffMe } from '../../../../machines/contracts/staff.ts';
import type { Caller } from '../../../toolkit/api/caller.ts';
import { ServerForm } from '../../../toolkit/form/ServerForm.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useT, type Translate } from '../../../lib/i18n.tsx';
import { Screen } from '../../common/Screen.tsx';
import { StaffForm } from '../../common/StaffForm.tsx';

export interface Flash {
  key: string;
  tone: 'info' | 'error';
}

function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  const t = useT();
  useDocumentTitle(title, t('shell.staff.title'));
  return (
    <div className="staff-auth">
      <section className="staff-auth__card" aria-labelledby="staff-auth-title">
        <h1 id="staff-auth-title">{title}</h1>
        {children}
      </section>
    </div>
  );
}

function FlashNotice({ flash }: { flash?: Flash }) {
  const t = useT();
  if (!flash) return null;
  return (
    <p className={`staff-notice staff-notice--${flash.tone}`} role={flash.tone === 'error' ? 'alert' : 'status'}>
      {t(flash.key)}
    </p>
  );
}

const passwordFields = (t: Translate) => [
  {
    type: 'password',
    name: 'password',
    label: t('staff.ui.password.new'),
    required: true,
    hint: t('staff.ui.password.rules', { min: PASSWORD_MIN, max: PASSWORD_MAX }),
  },
  {
    type: 'password',
    name: 'password_confirmation',
    label: t('staff.ui.password.confirm'),
    required: true,
    rules: { matches: 'password' },
  },
];

export function SignIn({
  caller,
  flash,
  onSignedIn,
}: {
  caller: Caller;
  flash?: Flash;
  onSignedIn: (me: StaffMe) => void;
}) {
  const t = useT();
  const schema = useMemo<FormSchema>(
    () => ({
      action: '/staff/api/auth/login',
      buttons: [{ type: 'submit', label: t('shell.staff.signIn') }],
      children: [
        { type: 'input', name: 'username', label: t('staff.ui.signIn.username'), required: true },
        { type: 'password', name: 'password', label: t('staff.field.password'), required: true },
      ],
    }),
    [t],
  );
  return (
    <AuthCard title={t('staff.ui.signIn.title')}>
      <FlashNotice flash={flash} />
      <ServerForm
        key={t('shell.staff.signIn')}
        schema={schema}
        caller={caller}
        onSuccess={(result) => onSignedIn(result.data as StaffMe)}
      />
      <p className="staff-auth__links">
        <Link href="/password/forgot">{t('staff.ui.forgot.link')}</Link>
      </p>
    </AuthCard>
  );
}

export function ForgotPassword({ caller }: { caller: Caller }) {
  const t = useT();
  const [sent, setSent] = useState<string | undefined>(undefined);
  const schema = useMemo<FormSchema>(
    () => ({
      action: '/staff/api/auth/password/forgot',
      buttons: [{ type: 'submit', label: t('staff.ui.forgot.submit') }],
      children: [
        { type: 'email', name: 'email', label: t('staff.field.email'), required: true, rules: 'required|email' },
      ],
    }),
    [t],
  );
  return (
    <AuthCard title={t('staff.ui.forgot.title')}>
      <p>{t('staff.ui.forgot.intro')}</p>
      {sent ? (
        <p className="staff-notice staff-notice--info" role="status">
          {sent}
        </p>
      ) : (
        <ServerForm
          key={t('staff.ui.forgot.submit')}
          schema={schema}
          caller={caller}
          onSuccess={(result) => setSent(result.message ?? t('staff.auth.resetSent'))}
        />
      )}
      <p className="staff-auth__links">
        <Link href="/login">{t('staff.ui.backToSignIn')}</Link>
      </p>
    </AuthCard>
  );
}

export function ResetPassword({ caller, onDone }: { caller: Caller; onDone: (flash: Flash) => void }) {
  const t = useT();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const schema = useMemo<FormSchema>(
    () => ({
      action: '/staff/api/auth/password/reset',
      values: { token },
      buttons: [{ type: 'submit', label: t('staff.ui.reset.submit') }],
      children: [{ type: 'hidden', name: 'token' }, ...passwordFields(t)],
    }),
    [t, token],
  );
  return (
    <AuthCard title={t('staff.ui.reset.title')}>
      {token ? (
        <ServerForm
          key={t('staff.ui.reset.submit')}
          schema={schema}
          caller={caller}
          onSuccess={() => onDone({ key: 'staff.auth.passwordReset', tone: 'info' })}
        />
      ) : (
        <p className="staff-notice staff-notice--error" role="alert">
          {t('staff.auth.resetInvalid')}
        </p>
      )}
      <p className="staff-auth__links">
        <Link href="/password/forgot">{t('staff.ui.forgot.link')}</Link> ·{' '}
        <Link href="/login">{t('staff.ui.backToSignIn')}</Link>
      </p>
    </AuthCard>
  );
}

export function ChangePassword() {
  const t = useT();
  const [, navigate] = useLocation();
  const [round, setRound] = useState(0);
  const schema = useMemo<FormSchema>(
    () => ({
      action: '/staff/api/auth/password/change',
      buttons: [{ type: 'submit', label: t('staff.ui.password.submit') }, { type: 'cancel' }],
      children: [
        { type: 'password', name: 'current_password', label: t('staff.ui.password.current'), required: true },
        ...passwordFields(t),
      ],
    }),
    [t],
  );
  return (
    <Screen title={t('staff.ui.nav.password')}>
      <div className="staff-card staff-card--narrow">
        <StaffForm
          key={`${round}-${t('staff.ui.password.submit')}`}
          schema={schema}
          onSuccess={() => setRound((n) => n + 1)}
          onCancel={() => navigate('/')}
        />
      </div>
    </Screen>
  );
}
