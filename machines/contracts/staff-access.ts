import type { Permission } from '../domain/permissions.ts';

// The permission every staff route (auth 'staff' in functions/http/routes.ts) requires, by route name. The edge
// (dispatch) checks it before the handler runs; a staff route missing here is refused for everyone, and a unit test
// fails. 'signed-in' = any signed-in staff user (their own session, profile and store context).
export type RouteAccess = Permission | 'signed-in';

const resource = (prefix: string, perm: string, actions: Record<string, string>) =>
  Object.fromEntries(Object.entries(actions).map(([suffix, action]) => [`${prefix}${suffix}`, `${perm}.${action}` as Permission]));

const crud = (prefix: string, perm: string) =>
  resource(prefix, perm, { List: 'view', Show: 'view', Create: 'create', Update: 'update', UpdateForm: 'update', Delete: 'delete' });

export const STAFF_ROUTE_ACCESS: Record<string, RouteAccess> = {
  staffLogout: 'signed-in',
  staffMe: 'signed-in',
  staffPasswordChange: 'signed-in',
  staffStoreContext: 'signed-in',
  ...crud('staffUsers', 'users'),
  staffUsersRestore: 'users.restore',
  staffUsersBlock: 'users.block',
  staffUsersUnblock: 'users.block',
  staffUsersLink: 'users.link',
  staffUsersUnlink: 'users.link',
  ...crud('staffRoles', 'roles'),
  staffRolePermissionsShow: 'permissions.view',
  staffRolePermissionsUpdate: 'permissions.update',
  staffRolePermissionsUpdateForm: 'permissions.update',
  staffPermissionsList: 'permissions.view',
  ...crud('staffRetailers', 'retailers'),
  ...crud('staffStores', 'stores'),
  ...crud('staffPicklists', 'picklists'),
  staffPicklistItemsCreate: 'picklists.update',
  staffPicklistItemsUpdate: 'picklists.update',
  staffPicklistItemsDelete: 'picklists.update',
  staffPicklistItemsRestore: 'picklists.update',
  ...crud('staffSettings', 'settings'),
  staffTokensList: 'tokens.view',
  staffTokensShow: 'tokens.view',
  staffTokensCreate: 'tokens.create',
  staffTokensDelete: 'tokens.revoke',
  ...crud('staffMailTemplates', 'mail-templates'),
  staffAuditList: 'audit.view',
  staffImportsPreview: 'imports.create',
  staffImportsCommit: 'imports.commit',
  staffImportsTemplate: 'imports.view',
  staffImportVersionsList: 'imports.view',
  staffImportVersionsRestore: 'imports.restore',
  // lease operations; each lease action also needs its own `lease-actions.<id>` (checked by the service)
  staffApplicationsList: 'applications.view',
  staffApplicationsShow: 'applications.view',
  staffApplicationsReveal: 'applications.reveal',
  staffWebhookReplay: 'webhooks.replay',
  staffLeasesList: 'leases.view',
  staffLeasesShow: 'leases.view',
  staffLeaseAction: 'leases.view',
  staffLeaseContract: 'leases.view',
  staffContractsList: 'leases.view',
  staffLeaseQueue: 'lease-queue.view',
  staffLeaseQueueClaim: 'lease-queue.claim',
  staffLeaseQueueRelease: 'lease-queue.claim',
  staffLeaseQueueAssign: 'lease-queue.assign',
  staffCheckoutsList: 'checkouts.view',
  staffCheckoutsShow: 'checkouts.view',
  staffPaymentsList: 'payments.view',
  staffPaymentsShow: 'payments.view',
  staffDashboard: 'signed-in',
  // issue 11: reports and the adverse-action notice
  staffReport: 'reports.view',
  staffAdverseAction: 'applications.view',
  // the consent and disclosure record of an application (functions/http/staff-consents.ts)
  staffConsentsList: 'applications.view',
  staffConsentsPdf: 'applications.view',
  // underwriting rules as data (functions/http/staff-rules.ts)
  staffStateRulesList: 'state-rules.view',
  staffStateRulesUpdate: 'state-rules.update',
  staffSecuritySettingsShow: 'security.view',
  staffSecuritySettingsUpdate: 'security.update',
  staffQueueConfigShow: 'queues.view',
  staffQueueConfigUpdate: 'queues.update',
  // Scoring Settings editors (issue 11): publishing and restoring change the decisions, so they have their own permission
  staffScoringSettingsShow: 'scoring.view',
  staffScoringVersionsList: 'scoring.view',
  staffScoringDraftSave: 'scoring.edit',
  staffScoringDraftPreview: 'scoring.edit',
  staffScoringDraftPublish: 'scoring.publish',
  staffScoringVersionRestore: 'scoring.publish',
};
