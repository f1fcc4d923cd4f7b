// Set Store Context / Switch Store: the store the user acts for. A store user picks one of its linked stores; a
// retailer or system user searches among the stores they reach.
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import type { FormSchema } from '../../../../machines/contracts/form-schema.ts';
import type { StaffMe } from '../../../../machines/contracts/staff.ts';
import { useT } from '../../../lib/i18n.tsx';
import { Screen } from '../../common/Screen.tsx';
import { useSession } from '../../common/session.tsx';
import { StaffForm } from '../../common/StaffForm.tsx';

export function StoreContextScreen() {
  const t = useT();
  const { me, setMe } = useSession();
  const [, navigate] = useLocation();
  const linked = me.guard === 'store';
  const title = t(me.store_context ? 'staff.ui.nav.switchStore' : 'staff.ui.nav.storeContext');
  const schema = useMemo<FormSchema>(
    () => ({
      action: '/staff/api/auth/store-context',
      values: { store_id: me.store_context?.id ?? null },
      buttons: [{ type: 'submit', label: title }, { type: 'cancel' }],
      children: [
        linked
          ? {
              type: 'radio',
              name: 'store_id',
              label: t('staff.field.store'),
              required: true,
              options: me.stores.map((s) => ({ value: s.id, text: s.name })),
            }
          : {
              type: 'select',
              name: 'store_id',
              label: t('staff.field.store'),
              required: true,
              url: '/staff/api/stores',
              valueKey: 'id',
              textKey: 'name',
              placeholder: t('staff.ui.storeContext.search'),
            },
      ],
    }),
    [linked, me.stores, me.store_context, t, title],
  );
  return (
    <Screen
      title={title}
      intro={
        <p>
          {me.store_context
            ? t('staff.ui.storeContext.current', { name: me.store_context.name })
            : t('staff.ui.storeContext.none')}
        </p>
      }
    >
      <div className="staff-card staff-card--narrow">
        <StaffForm
          key={JSON.stringify(schema)}
          schema={schema}
          onSuccess={(result) => {
            setMe(result.data as StaffMe);
            navigate('/');
          }}
          onCancel={() => navigate('/')}
        />
      </div>
    </Screen>
  );
}
