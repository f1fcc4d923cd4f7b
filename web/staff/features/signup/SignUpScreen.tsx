// Retailer, Store and Contractor Sign Up (seed 001): a public form, reachable without a staff session at
// #/signup/retailer, #/signup/store and #/signup/contractor. It lives in the staff SPA beside the sign-in and password
// screens (the merchant's future portal, same language switch and toolkit) rather than in the shopper portal, whose
// bundle stays shopper-only. The form is described here and rendered by the toolkit's ServerForm: 422 errors land on
// their fields (contacts.N.email for 'Please do not enter the same email address for different contacts'), the
// documents go through the toolkit's upload field to POST /public/files, tied to the sign-up draft.
import { useEffect, useMemo, useState } from 'react';
import type { FormSchema } from '../../../../machines/contracts/form-schema.ts';
import {
  BUSINESS_TYPES,
  CONTACT_ROLES,
  MAX_CONTACTS,
  MAX_DOCUMENTS,
  SIGNUP_KINDS,
  type SignupKind,
} from '../../../../machines/contracts/network.ts';
import type { Caller } from '../../../toolkit/api/caller.ts';
import { ServerForm } from '../../../toolkit/form/ServerForm.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useT } from '../../../lib/i18n.tsx';

const STATES =
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  );

export const isSignupPath = (location: string) => /^\/signup(\/|$)/.test(location);

export function SignUpScreen({ caller, location }: { caller: Caller; location: string }) {
  const t = useT();
  const kindInPath = location.split('/')[2] ?? '';
  const kind: SignupKind = (SIGNUP_KINDS as readonly string[]).includes(kindInPath)
    ? (kindInPath as SignupKind)
    : 'retailer';
  const title = t(`network.signup.title.${kind}`);
  useDocumentTitle(title, t('shell.staff.title'));
  const [draft, setDraft] = useState<string>();
  const [failed, setFailed] = useState<string>();
  const [done, setDone] = useState<string>();

  useEffect(() => {
    let live = true;
    void caller.post<{ draft: string }>('/public/signup/draft').then((result) => {
      if (!live) return;
      if (result.status && result.data) setDraft(result.data.draft);
      else setFailed(result.message ?? result.error ?? t('error.unknown'));
    });
    return () => {
      live = false;
    };
  }, [caller, t]);

  const schema = useMemo<FormSchema | undefined>(() => {
    if (!draft) return undefined;
    const text = (name: string, extra: Record<string, unknown> = {}) => ({
      type: 'input',
      name,
      label: t(`network.field.${name}`),
      ...extra,
    });
    return {
      action: '/public/signup',
      values: {
        draft,
        kind,
        business_type: kind === 'contractor' ? 'HVAC' : 'MERCHANDISE',
        contacts: [{ role: 'owner' }],
        documents: [],
      },
      buttons: [{ type: 'submit', label: t('network.signup.submit') }],
      children: [
        { type: 'hidden', name: 'draft' },
        { type: 'hidden', name: 'kind' },
        {
          type: 'section',
          label: t('network.signup.section.business'),
          children: [
            text('business_name', { required: true, max: 255 }),
            text('dba_name', { max: 255 }),
            {
              type: 'select',
              name: 'business_type',
              label: t('network.field.business_type'),
              required: true,
              options: BUSINESS_TYPES.map((v) => ({ value: v, text: t(`network.type.${v}`) })),
            },
            { type: 'email', name: 'email', label: t('network.field.email'), required: true },
            { type: 'tel', name: 'phone', label: t('network.field.phone'), required: true },
            text('website', { max: 255 }),
            text('address_line_1', { required: true, max: 255 }),
            text('city', { required: true, max: 100 }),
            {
              type: 'select',
              name: 'state',
              label: t('network.field.state'),
              required: true,
              options: STATES.map((s) => ({ value: s, text: s })),
            },
            text('zip', { required: true, max: 10 }),
          ],
        },
        {
          type: 'section',
          label: t('network.signup.section.contacts'),
          children: [
            { type: 'content', content: t('network.signup.contactsHint') },
            {
              type: 'collection',
              name: 'contacts',
              label: t('network.signup.section.contacts'),
              item_label: t('network.signup.contact', { n: '' }).trim(),
              min: 1,
              max: MAX_CONTACTS,
              buttons: [
                { type: 'add', label: t('network.signup.addContact') },
                { type: 'remove', label: t('network.signup.removeContact') },
              ],
              children: [
                {
                  type: 'select',
                  name: 'role',
                  label: t('network.field.contact_role'),
                  required: true,
                  options: CONTACT_ROLES.map((r) => ({ value: r, text: t(`network.role.${r}`) })),
                },
                { type: 'input', name: 'name', label: t('network.field.contact_name'), required: true, max: 255 },
                { type: 'email', name: 'email', label: t('network.field.contact_email'), required: true },
                { type: 'tel', name: 'phone', label: t('network.field.contact_phone'), required: true },
              ],
            },
          ],
        },
        {
          type: 'section',
          label: t('network.signup.section.bank'),
          children: [
            text('bank_account_name', { required: true, max: 255 }),
            {
              type: 'input',
              name: 'routing_number',
              label: t('network.field.routing_number'),
              required: true,
              max: 9,
              conceal: true,
            },
            {
              type: 'input',
              name: 'account_number',
              label: t('network.field.account_number'),
              required: true,
              max: 17,
              conceal: true,
            },
          ],
        },
        {
          type: 'section',
          label: t('network.signup.section.documents'),
          children: [
            {
              type: 'file',
              name: 'documents',
              label: t('network.field.documents'),
              hint: t('network.signup.documentsHint'),
              url: `/public/files?draft=${encodeURIComponent(draft)}`,
              multiple: true,
              maxFiles: MAX_DOCUMENTS,
            },
          ],
        },
      ],
    };
  }, [draft, kind, t]);

  return (
    <div className="staff-auth staff-signup">
      <section className="staff-auth__card staff-signup__card" aria-labelledby="staff-signup-title">
        <h1 id="staff-signup-title">{title}</h1>
        {done ? (
          <p className="staff-notice staff-notice--info" role="status">
            {done}
          </p>
        ) : (
          <>
            <p>{t('network.signup.intro')}</p>
            {failed ? (
              <p className="staff-notice staff-notice--error" role="alert">
                {failed}
              </p>
            ) : schema ? (
              <ServerForm
                key={`${kind}-${t('network.signup.submit')}`}
                schema={schema}
                caller={caller}
                onSuccess={(result) => setDone(result.message ?? t('network.signup.submitted'))}
              />
            ) : (
              <p role="status">{t('app.loading')}</p>
            )}
          </>
        )}
      </section>
    </div>
  );
}
