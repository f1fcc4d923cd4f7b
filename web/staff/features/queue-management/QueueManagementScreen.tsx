// Queue Management (seed 001 section 2; issue 11): which lease statuses feed each work queue of the Lease Queue and
// which roles may claim from it (none ticked: anyone holding the claim permission). Issue 23 adds the collections
// queues, one per bucket of days past due, with the roles that may claim from each, and the lender's contact hours
// (in the lessee's time zone). Saved as one versioned document.
import { useCallback, useState } from 'react';
import {
  COLLECTION_QUEUE_BUCKETS,
  DEFAULT_COLLECTIONS_QUEUE_CONFIG,
  QUEUE_STATUSES,
  type CollectionQueueBucket,
  type QueueConfig,
  type QueueStatus,
} from '../../../../machines/contracts/staff-rules.ts';
import { LEASE_QUEUE_IDS, LEASE_QUEUES, type LeaseQueueId } from '../../../../machines/contracts/staff-leases.ts';
import { useT } from '../../../lib/i18n.tsx';
import { Screen } from '../../common/Screen.tsx';
import { SavedBy } from '../../common/SavedBy.tsx';
import { useSession } from '../../common/session.tsx';
import { useSettingsDocument } from '../../common/useSettingsDocument.ts';
import { SaveActions } from '../../common/SaveActions.tsx';

type RoleRow = { id: string; name: string; guard?: string };

export const statusLabel = (t: (key: string) => string, status: QueueStatus) =>
  status === 'Y.delivered' ? t('staff.ui.queues.status.Y.delivered') : `(${status}) ${t(`leaseStatus.${status}`)}`;

// A configuration saved before the collections queues shows (and saves) their defaults.
const withCollections = (settings: QueueConfig): QueueConfig => ({
  ...settings,
  collections: settings.collections ?? structuredClone(DEFAULT_COLLECTIONS_QUEUE_CONFIG),
});

export function QueueManagementScreen() {
  const t = useT();
  const { caller, can } = useSession();
  const [roles, setRoles] = useState<RoleRow[]>([]);
  const mayEdit = can('queues.update');
  const mayListRoles = can('roles.view');
  const loadRoles = useCallback(async () => {
    if (!mayListRoles) return;
    const page = await caller.fetchPage<RoleRow>('/staff/api/roles', { page: 1, limit: 100 });
    if (page.status) setRoles(page.data.data.filter((r) => !r.guard || r.guard === 'system'));
  }, [caller, mayListRoles]);
  const { view, form, setForm, errors, busy, save, errorsUnder } = useSettingsDocument<QueueConfig>(
    '/staff/api/queue-config',
    { toForm: withCollections, onLoaded: loadRoles },
  );

  if (!form || !view)
    return (
      <Screen title={t('staff.ui.nav.queueManagement')}>
        <p className="staff-loading">{t('staff.ui.rules.loading')}</p>
      </Screen>
    );

  const toggle = (queue: LeaseQueueId, list: 'statuses' | 'claim_roles', value: string, on: boolean) =>
    setForm((f) => {
      if (!f) return f;
      const next = structuredClone(f);
      const current = next.queues[queue][list] as string[];
      const updated = on ? [...new Set([...current, value])] : current.filter((x) => x !== value);
      (next.queues[queue] as Record<string, string[]>)[list] = updated;
      return next;
    });

  const toggleBucketRole = (bucket: CollectionQueueBucket, role: string, on: boolean) =>
    setForm((f) => {
      if (!f?.collections) return f;
      const next = structuredClone(f);
      const rule = next.collections!.buckets[bucket];
      rule.claim_roles = on ? [...new Set([...rule.claim_roles, role])] : rule.claim_roles.filter((x) => x !== role);
      return next;
    });
  const setHour = (which: 'start_hour' | 'end_hour', value: string) =>
    setForm((f) => {
      if (!f?.collections) return f;
      const next = structuredClone(f);
      next.collections!.contact_hours[which] = value === '' ? Number.NaN : Number(value);
      return next;
    });

  const roleChoicesOf = (configured: readonly string[]): RoleRow[] => {
    const known = new Map(roles.map((r) => [r.id, r]));
    for (const id of configured) if (!known.has(id)) known.set(id, { id, name: id });
    return [...known.values()];
  };
  return (
    <Screen title={t('staff.ui.nav.queueManagement')} intro={<p>{t('staff.ui.queues.intro')}</p>}>
      {!mayEdit ? <p className="staff-muted">{t('staff.ui.rules.readOnly')}</p> : null}
      <SavedBy view={view} />
      <form className="staff-card" noValidate onSubmit={(e) => void save(e)}>
        {LEASE_QUEUE_IDS.map((queue) => (
          <fieldset key={queue} className="tk-fieldset">
            <legend className="tk-label">
              {t('staff.ui.queues.queue')}: {t(LEASE_QUEUES[queue].label)}
            </legend>
            <fieldset className="tk-fieldset">
              <legend>{t('staff.ui.queues.statuses')}</legend>
              {QUEUE_STATUSES.map((status) => (
                <label key={status} className="tk-check">
                  <input
                    className="tk-check__input"
                    type="checkbox"
                    disabled={!mayEdit}
                    checked={(form.queues[queue].statuses as string[]).includes(status)}
                    onChange={(e) => toggle(queue, 'statuses', status, e.target.checked)}
                  />
                  {statusLabel(t, status)}
                </label>
              ))}
            </fieldset>
            <fieldset className="tk-fieldset">
              <legend>{t('staff.ui.queues.roles')}</legend>
              {roleChoicesOf(form.queues[queue].claim_roles).map((role) => (
                <label key={role.id} className="tk-check">
                  <input
                    className="tk-check__input"
                    type="checkbox"
                    disabled={!mayEdit}
                    checked={form.queues[queue].claim_roles.includes(role.id)}
                    onChange={(e) => toggle(queue, 'claim_roles', role.id, e.target.checked)}
                  />
                  {role.name}
                </label>
              ))}
            </fieldset>
            {errorsUnder(`queues.${queue}`).length ? (
              <p className="tk-error">{errorsUnder(`queues.${queue}`).join(' ')}</p>
            ) : null}
          </fieldset>
        ))}
        {form.collections ? (
          <fieldset className="tk-fieldset" data-testid="queues-collections">
            <legend className="tk-label">{t('queues.collections.title')}</legend>
            <p className="staff-muted">{t('queues.collections.intro')}</p>
            {COLLECTION_QUEUE_BUCKETS.map((bucket) => (
              <fieldset key={bucket} className="tk-fieldset">
                <legend>
                  {t('staff.ui.queues.queue')}: {t('collections.ui.bucketDays', { bucket })}
                </legend>
                {roleChoicesOf(form.collections!.buckets[bucket].claim_roles).map((role) => (
                  <label key={role.id} className="tk-check">
                    <input
                      className="tk-check__input"
                      type="checkbox"
                      disabled={!mayEdit}
                      checked={form.collections!.buckets[bucket].claim_roles.includes(role.id)}
                      onChange={(e) => toggleBucketRole(bucket, role.id, e.target.checked)}
                    />
                    {role.name}
                  </label>
                ))}
                {errorsUnder(`collections.buckets.${bucket}`).length ? (
                  <p className="tk-error">{errorsUnder(`collections.buckets.${bucket}`).join(' ')}</p>
                ) : null}
              </fieldset>
            ))}
            <fieldset className="tk-fieldset">
              <legend>{t('queues.collections.hours')}</legend>
              {(['start_hour', 'end_hour'] as const).map((which) => {
                const fieldId = `queues-contact-${which}`;
                const errs = errors[`collections.contact_hours.${which}`] ?? [];
                return (
                  <div className="tk-field" key={which}>
                    <label htmlFor={fieldId}>
                      {t(which === 'start_hour' ? 'queues.collections.start' : 'queues.collections.end')}
                    </label>
                    <input
                      id={fieldId}
                      className="tk-input"
                      type="number"
                      min={which === 'start_hour' ? 0 : 1}
                      max={which === 'start_hour' ? 23 : 24}
                      disabled={!mayEdit}
                      value={
                        Number.isNaN(form.collections!.contact_hours[which])
                          ? ''
                          : form.collections!.contact_hours[which]
                      }
                      aria-invalid={errs.length ? true : undefined}
                      aria-describedby={errs.length ? `${fieldId}-error` : undefined}
                      onChange={(e) => setHour(which, e.target.value)}
                    />
                    {errs.length ? (
                      <p id={`${fieldId}-error`} className="tk-field__error">
                        {errs.join(' ')}
                      </p>
                    ) : null}
                  </div>
                );
              })}
            </fieldset>
          </fieldset>
        ) : null}
        {mayEdit ? <SaveActions busy={busy} /> : null}
      </form>
    </Screen>
  );
}
