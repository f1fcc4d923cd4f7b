import type { RouteDef } from './route.ts';

// THE route table: read by the local server (to serve requests) and by infra/ (to build the HTTP API).
// Each group is one Lambda function: functions/http/<group>.ts exports its handlers and its Lambda entry.
export const routes: readonly RouteDef[] = [
  // system
  { method: 'GET', path: '/health', group: 'system', name: 'health', auth: 'public' },
  { method: 'GET', path: '/keep-alive', group: 'system', name: 'keepAlive', auth: 'public' },
  { method: 'POST', path: '/system/translation', group: 'system', name: 'translation', auth: 'public' },

  // shopper: stores and apply session
  { method: 'GET', path: '/apply-v2/stores', group: 'apply', name: 'searchStores', auth: 'public' },
  { method: 'GET', path: '/apply-v2/retailer/{retailer}/store/{store}', group: 'apply', name: 'getStore', auth: 'public' },
  { method: 'POST', path: '/apply-v2/retailer/{retailer}/store/{store}/initiate', group: 'apply', name: 'initiate', auth: 'public' },
  { method: 'GET', path: '/apply-v2/session', group: 'apply', name: 'session', auth: 'apply' },

  // shopper: the application
  { method: 'POST', path: '/apply-v2/application', group: 'application', name: 'saveApplication', auth: 'apply' },
  { method: 'GET', path: '/apply-v2/application', group: 'application', name: 'getApplication', auth: 'apply' },
  { method: 'POST', path: '/apply-v2/applicant/address', group: 'application', name: 'saveAddress', auth: 'apply' },
  { method: 'GET', path: '/apply-v2/application/fill', group: 'application', name: 'fill', auth: 'apply' },
  { method: 'POST', path: '/api/v1/previousCustomerCheck', group: 'application', name: 'previousCustomerCheck', auth: 'apply' },
  { method: 'POST', path: '/api/v1/preapprovalCustomerCheck', group: 'application', name: 'preapprovalCustomerCheck', auth: 'apply' },

  // shopper: verification, decision, retrieval and the payment calculator (functions/http/decision.ts)
  { method: 'POST', path: '/apply-v2/application/verify/send', group: 'decision', name: 'verifySend', auth: 'apply' },
  { method: 'POST', path: '/apply-v2/application/verify/confirm', group: 'decision', name: 'verifyConfirm', auth: 'apply' },
  { method: 'POST', path: '/apply-v2/application/confirm', group: 'decision', name: 'confirm', auth: 'apply' },
  { method: 'POST', path: '/apply-v2/application/retrieve', group: 'decision', name: 'retrieve', auth: 'apply' },
  { method: 'POST', path: '/api/v1/score/payments', group: 'decision', name: 'scorePayments', auth: 'apply' },

  // shopper lookups: addresses, zip codes, bank routing numbers
  { method: 'GET', path: '/api/v1/addresses/suggestions', group: 'lookups', name: 'addressSuggestions', auth: 'apply' },
  { method: 'GET', path: '/api/v1/addresses/place/{placeId}', group: 'lookups', name: 'addressPlace', auth: 'apply' },
  { method: 'POST', path: '/api/v1/addresses/zip', group: 'lookups', name: 'zipLookup', auth: 'apply' },
  { method: 'GET', path: '/{brand}/system/applications/banking/routing', group: 'lookups', name: 'routingLookup', auth: 'apply' },

  // staff portal (seed 001): sign-in and session
  { method: 'POST', path: '/staff/api/auth/login', group: 'staff', name: 'staffLogin', auth: 'public' },
  { method: 'POST', path: '/staff/api/auth/password/forgot', group: 'staff', name: 'staffPasswordForgot', auth: 'public' },
  { method: 'POST', path: '/staff/api/auth/password/reset', group: 'staff', name: 'staffPasswordReset', auth: 'public' },
  { method: 'POST', path: '/staff/api/auth/logout', group: 'staff', name: 'staffLogout', auth: 'staff' },
  { method: 'GET', path: '/staff/api/auth/me', group: 'staff', name: 'staffMe', auth: 'staff' },
  { method: 'POST', path: '/staff/api/auth/password/change', group: 'staff', name: 'staffPasswordChange', auth: 'staff' },
  { method: 'POST', path: '/staff/api/auth/store-context', group: 'staff', name: 'staffStoreContext', auth: 'staff' },
  // staff resource: users
  { method: 'GET', path: '/staff/api/users', group: 'staff', name: 'staffUsersList', auth: 'staff' },
  { method: 'GET', path: '/staff/api/users/{id}', group: 'staff', name: 'staffUsersShow', auth: 'staff' },
  { method: 'POST', path: '/staff/api/users', group: 'staff', name: 'staffUsersCreate', auth: 'staff' },
  { method: 'PUT', path: '/staff/api/users/{id}', group: 'staff', name: 'staffUsersUpdate', auth: 'staff' },
  { method: 'POST', path: '/staff/api/users/{id}', group: 'staff', name: 'staffUsersUpdateForm', auth: 'staff' },
  { method: 'DELETE', path: '/staff/api/users/{id}', group: 'staff', name: 'staffUsersDelete', auth: 'staff' },
  { method: 'POST', path: '/staff/api/users/{id}/restore', group: 'staff', name: 'staffUsersRestore', auth: 'staff' },
  { method: 'POST', path: '/staff/api/users/{id}/block', group: 'staff', name: 'staffUsersBlock', auth: 'staff' },
  { method: 'POST', path: '/staff/api/users/{id}/unblock', group: 'staff', name: 'staffUsersUnblock', auth: 'staff' },
  { method: 'POST', path: '/staff/api/users/{id}/links', group: 'staff', name: 'staffUsersLink', auth: 'staff' },
  { method: 'DELETE', path: '/staff/api/users/{id}/links/{type}/{target}', group: 'staff', name: 'staffUsersUnlink', auth: 'staff' },
  // staff resource: roles
  { method: 'GET', path: '/staff/api/roles', group: 'staff', name: 'staffRolesList', auth: 'staff' },
  { method: 'GET', path: '/staff/api/roles/{id}', group: 'staff', name: 'staffRolesShow', auth: 'staff' },
  { method: 'POST', path: '/staff/api/roles', group: 'staff', name: 'staffRolesCreate', auth: 'staff' },
  { method: 'PUT', path: '/staff/api/roles/{id}', group: 'staff', name: 'staffRolesUpdate', auth: 'staff' },
  { method: 'POST', path: '/staff/api/roles/{id}', group: 'staff', name: 'staffRolesUpdateForm', auth: 'staff' },
  { method: 'DELETE', path: '/staff/api/roles/{id}', group: 'staff', name: 'staffRolesDelete', auth: 'staff' },
  { method: 'GET', path: '/staff/api/roles/{id}/permissions', group: 'staff', name: 'staffRolePermissionsShow', auth: 'staff' },
  { method: 'PUT', path: '/staff/api/roles/{id}/permissions', group: 'staff', name: 'staffRolePermissionsUpdate', auth: 'staff' },
  { method: 'POST', path: '/staff/api/roles/{id}/permissions', group: 'staff', name: 'staffRolePermissionsUpdateForm', auth: 'staff' },
  { method: 'GET', path: '/staff/api/permissions', group: 'staff', name: 'staffPermissionsList', auth: 'staff' },
  // staff resource: retailers
  { method: 'GET', path: '/staff/api/retailers', group: 'staff', name: 'staffRetailersList', auth: 'staff' },
  { method: 'GET', path: '/staff/api/retailers/{id}', group: 'staff', name: 'staffRetailersShow', auth: 'staff' },
  { method: 'POST', path: '/staff/api/retailers', group: 'staff', name: 'staffRetailersCreate', auth: 'staff' },
  { method: 'PUT', path: '/staff/api/retailers/{id}', group: 'staff', name: 'staffRetailersUpdate', auth: 'staff' },
  { method: 'POST', path: '/staff/api/retailers/{id}', group: 'staff', name: 'staffRetailersUpdateForm', auth: 'staff' },
  { method: 'DELETE', path: '/staff/api/retailers/{id}', group: 'staff', name: 'staffRetailersDelete', auth: 'staff' },
  // staff resource: stores
  { method: 'GET', path: '/staff/api/stores', group: 'staff', name: 'staffStoresList', auth: 'staff' },
  { method: 'GET', path: '/staff/api/stores/{id}', group: 'staff', name: 'staffStoresShow', auth: 'staff' },
  { method: 'POST', path: '/staff/api/stores', group: 'staff', name: 'staffStoresCreate', auth: 'staff' },
  { method: 'PUT', path: '/staff/api/stores/{id}', group: 'staff', name: 'staffStoresUpdate', auth: 'staff' },
  { method: 'POST', path: '/staff/api/stores/{id}', group: 'staff', name: 'staffStoresUpdateForm', auth: 'staff' },
  { method: 'DELETE', path: '/staff/api/stores/{id}', group: 'staff', name: 'staffStoresDelete', auth: 'staff' },
  // staff resource: picklists
  { method: 'GET', path: '/staff/api/picklists', group: 'staff', name: 'staffPicklistsList', auth: 'staff' },
  { method: 'GET', path: '/staff/api/picklists/{id}', group: 'staff', name: 'staffPicklistsShow', auth: 'staff' },
  { method: 'POST', path: '/staff/api/picklists', group: 'staff', name: 'staffPicklistsCreate', auth: 'staff' },
  { method: 'PUT', path: '/staff/api/picklists/{id}', group: 'staff', name: 'staffPicklistsUpdate', auth: 'staff' },
  { method: 'POST', path: '/staff/api/picklists/{id}', group: 'staff', name: 'staffPicklistsUpdateForm', auth: 'staff' },
  { method: 'DELETE', path: '/staff/api/picklists/{id}', group: 'staff', name: 'staffPicklistsDelete', auth: 'staff' },
  { method: 'POST', path: '/staff/api/picklists/{id}/items', group: 'staff', name: 'staffPicklistItemsCreate', auth: 'staff' },
  { method: 'PUT', path: '/staff/api/picklists/{id}/items/{item}', group: 'staff', name: 'staffPicklistItemsUpdate', auth: 'staff' },
  { method: 'DELETE', path: '/staff/api/picklists/{id}/items/{item}', group: 'staff', name: 'staffPicklistItemsDelete', auth: 'staff' },
  { method: 'POST', path: '/staff/api/picklists/{id}/items/{item}/restore', group: 'staff', name: 'staffPicklistItemsRestore', auth: 'staff' },
  // staff resource: settings
  { method: 'GET', path: '/staff/api/settings', group: 'staff', name: 'staffSettingsList', auth: 'staff' },
  { method: 'GET', path: '/staff/api/settings/{id}', group: 'staff', name: 'staffSettingsShow', auth: 'staff' },
  { method: 'POST', path: '/staff/api/settings', group: 'staff', name: 'staffSettingsCreate', auth: 'staff' },
  { method: 'PUT', path: '/staff/api/settings/{id}', group: 'staff', name: 'staffSettingsUpdate', auth: 'staff' },
  { method: 'POST', path: '/staff/api/settings/{id}', group: 'staff', name: 'staffSettingsUpdateForm', auth: 'staff' },
  { method: 'DELETE', path: '/staff/api/settings/{id}', group: 'staff', name: 'staffSettingsDelete', auth: 'staff' },
  // staff resource: tokens
  { method: 'GET', path: '/staff/api/tokens', group: 'staff', name: 'staffTokensList', auth: 'staff' },
  { method: 'GET', path: '/staff/api/tokens/{id}', group: 'staff', name: 'staffTokensShow', auth: 'staff' },
  { method: 'POST', path: '/staff/api/tokens', group: 'staff', name: 'staffTokensCreate', auth: 'staff' },
  { method: 'DELETE', path: '/staff/api/tokens/{id}', group: 'staff', name: 'staffTokensDelete', auth: 'staff' },
  // staff resource: mail-templates
  { method: 'GET', path: '/staff/api/mail-templates', group: 'staff', name: 'staffMailTemplatesList', auth: 'staff' },
  { method: 'GET', path: '/staff/api/mail-templates/{id}', group: 'staff', name: 'staffMailTemplatesShow', auth: 'staff' },
  { method: 'POST', path: '/staff/api/mail-templates', group: 'staff', name: 'staffMailTemplatesCreate', auth: 'staff' },
  { method: 'PUT', path: '/staff/api/mail-templates/{id}', group: 'staff', name: 'staffMailTemplatesUpdate', auth: 'staff' },
  { method: 'POST', path: '/staff/api/mail-templates/{id}', group: 'staff', name: 'staffMailTemplatesUpdateForm', auth: 'staff' },
  { method: 'DELETE', path: '/staff/api/mail-templates/{id}', group: 'staff', name: 'staffMailTemplatesDelete', auth: 'staff' },
  { method: 'GET', path: '/staff/api/audit', group: 'staff', name: 'staffAuditList', auth: 'staff' },

  // staff lease operations (functions/http/staff-leases.ts): applications, leases and contracts are one record per
  // application uuid; its status is machines/lease-status, applied with `transition` for every action
  { method: 'GET', path: '/staff/api/applications', group: 'staff-leases', name: 'staffApplicationsList', auth: 'staff' },
  { method: 'GET', path: '/staff/api/applications/{id}', group: 'staff-leases', name: 'staffApplicationsShow', auth: 'staff' },
  { method: 'POST', path: '/staff/api/applications/{id}/reveal', group: 'staff-leases', name: 'staffApplicationsReveal', auth: 'staff' },
  { method: 'POST', path: '/staff/api/applications/{id}/webhooks/{event}/replay', group: 'staff-leases', name: 'staffWebhookReplay', auth: 'staff' },
  { method: 'GET', path: '/staff/api/leases', group: 'staff-leases', name: 'staffLeasesList', auth: 'staff' },
  { method: 'GET', path: '/staff/api/leases/{id}', group: 'staff-leases', name: 'staffLeasesShow', auth: 'staff' },
  { method: 'POST', path: '/staff/api/leases/{id}/actions/{action}', group: 'staff-leases', name: 'staffLeaseAction', auth: 'staff' },
  { method: 'GET', path: '/staff/api/leases/{id}/contract', group: 'staff-leases', name: 'staffLeaseContract', auth: 'staff' },
  { method: 'GET', path: '/staff/api/contracts', group: 'staff-leases', name: 'staffContractsList', auth: 'staff' },
  { method: 'GET', path: '/staff/api/lease-queue', group: 'staff-leases', name: 'staffLeaseQueue', auth: 'staff' },
  { method: 'POST', path: '/staff/api/lease-queue/{id}/claim', group: 'staff-leases', name: 'staffLeaseQueueClaim', auth: 'staff' },
  { method: 'POST', path: '/staff/api/lease-queue/{id}/release', group: 'staff-leases', name: 'staffLeaseQueueRelease', auth: 'staff' },
  { method: 'POST', path: '/staff/api/lease-queue/{id}/assign', group: 'staff-leases', name: 'staffLeaseQueueAssign', auth: 'staff' },
  { method: 'GET', path: '/staff/api/checkouts', group: 'staff-leases', name: 'staffCheckoutsList', auth: 'staff' },
  { method: 'GET', path: '/staff/api/checkouts/{id}', group: 'staff-leases', name: 'staffCheckoutsShow', auth: 'staff' },
  { method: 'GET', path: '/staff/api/payments', group: 'staff-leases', name: 'staffPaymentsList', auth: 'staff' },
  { method: 'GET', path: '/staff/api/payments/{id}', group: 'staff-leases', name: 'staffPaymentsShow', auth: 'staff' },
  { method: 'GET', path: '/staff/api/dashboard', group: 'staff-leases', name: 'staffDashboard', auth: 'staff' },

  // underwriting rules as data (functions/http/staff-rules.ts): state rules, Security Settings, Queue Management
  { method: 'GET', path: '/staff/api/state-rules', group: 'staff-rules', name: 'staffStateRulesList', auth: 'staff' },
  { method: 'PUT', path: '/staff/api/state-rules/{state}', group: 'staff-rules', name: 'staffStateRulesUpdate', auth: 'staff' },
  { method: 'GET', path: '/staff/api/security-settings', group: 'staff-rules', name: 'staffSecuritySettingsShow', auth: 'staff' },
  { method: 'PUT', path: '/staff/api/security-settings', group: 'staff-rules', name: 'staffSecuritySettingsUpdate', auth: 'staff' },
  { method: 'GET', path: '/staff/api/queue-config', group: 'staff-rules', name: 'staffQueueConfigShow', auth: 'staff' },
  { method: 'PUT', path: '/staff/api/queue-config', group: 'staff-rules', name: 'staffQueueConfigUpdate', auth: 'staff' },

  // staff Scoring Settings editors (functions/http/staff-scoring.ts): the published version and a draft, the what-if
  // preview, publish (its own permission), the version history and restore
  { method: 'GET', path: '/staff/api/scoring-settings', group: 'staff-scoring', name: 'staffScoringSettingsShow', auth: 'staff' },
  { method: 'PUT', path: '/staff/api/scoring-settings/draft', group: 'staff-scoring', name: 'staffScoringDraftSave', auth: 'staff' },
  { method: 'POST', path: '/staff/api/scoring-settings/draft/preview', group: 'staff-scoring', name: 'staffScoringDraftPreview', auth: 'staff' },
  { method: 'POST', path: '/staff/api/scoring-settings/draft/publish', group: 'staff-scoring', name: 'staffScoringDraftPublish', auth: 'staff' },
  { method: 'GET', path: '/staff/api/scoring-settings/versions', group: 'staff-scoring', name: 'staffScoringVersionsList', auth: 'staff' },
  { method: 'POST', path: '/staff/api/scoring-settings/versions/{id}/restore', group: 'staff-scoring', name: 'staffScoringVersionRestore', auth: 'staff' },

  // Mass Import (functions/http/staff-imports.ts): xlsx preview (multipart, field `file`), commit, versions, restore
  { method: 'POST', path: '/staff/api/imports/{table}', group: 'staff-imports', name: 'staffImportsPreview', auth: 'staff' },
  { method: 'POST', path: '/staff/api/imports/{id}/commit', group: 'staff-imports', name: 'staffImportsCommit', auth: 'staff' },
  { method: 'GET', path: '/staff/api/imports/{table}/template', group: 'staff-imports', name: 'staffImportsTemplate', auth: 'staff' },
  { method: 'GET', path: '/staff/api/imports/versions', group: 'staff-imports', name: 'staffImportVersionsList', auth: 'staff' },
  { method: 'POST', path: '/staff/api/imports/versions/{id}/restore', group: 'staff-imports', name: 'staffImportVersionsRestore', auth: 'staff' },

  // issue 11: staff reports from the pre-aggregated counters (functions/http/staff-reports.ts)
  { method: 'GET', path: '/staff/api/reports/{report}', group: 'staff-reports', name: 'staffReport', auth: 'staff' },
  // issue 11: the adverse-action notice of a denial, for staff and (a page opened from a link) for the shopper
  { method: 'GET', path: '/staff/api/applications/{id}/adverse-action', group: 'adverse-action', name: 'staffAdverseAction', auth: 'staff' },
  { method: 'GET', path: '/apply-v2/application/adverse-action', group: 'adverse-action', name: 'adverseActionNotice', auth: 'apply-frame' },
  // the consent and disclosure record (functions/http/consents.ts, functions/http/staff-consents.ts)
  { method: 'POST', path: '/apply-v2/application/disclosures', group: 'consents', name: 'recordDisclosure', auth: 'apply' },
  { method: 'GET', path: '/staff/api/applications/{id}/consents', group: 'staff-consents', name: 'staffConsentsList', auth: 'staff' },
  { method: 'GET', path: '/staff/api/applications/{id}/consents.pdf', group: 'staff-consents', name: 'staffConsentsPdf', auth: 'staff' },

  // sandbox vendors (local and non-production only)
  { method: 'GET', path: '/sandbox/messages', group: 'sandbox', name: 'messages', auth: 'sandbox' },
  { method: 'GET', path: '/sandbox/messages.html', group: 'sandbox', name: 'messagesPage', auth: 'sandbox' },
  // the stored scoring settings, for testers (non-production; staff edit them through the staff portal)
  { method: 'GET', path: '/sandbox/scoring-settings', group: 'decision', name: 'sandboxScoringSettings', auth: 'sandbox' },
  { method: 'PUT', path: '/sandbox/scoring-settings', group: 'decision', name: 'sandboxReplaceScoringSettings', auth: 'sandbox' },

  // shopper: bank link, identity check and payroll flows (functions/http/verification-flows.ts)
  { method: 'POST', path: '/api/v1/bank-link/send-email', group: 'verification-flows', name: 'bankLinkSendEmail', auth: 'apply' },
  { method: 'GET', path: '/api/v1/bank-link/check-profile', group: 'verification-flows', name: 'bankLinkCheckProfile', auth: 'apply' },
  { method: 'GET', path: '/api/v1/bank-link/fetch-accounts', group: 'verification-flows', name: 'bankLinkFetchAccounts', auth: 'apply' },
  { method: 'GET', path: '/api/v1/bank-link/fetch-ach-numbers', group: 'verification-flows', name: 'bankLinkFetchAchNumbers', auth: 'apply' },
  { method: 'GET', path: '/api/v1/bank-link/abandon', group: 'verification-flows', name: 'bankLinkAbandon', auth: 'apply' },
  { method: 'POST', path: '/apply-v2/intellicheck/send', group: 'verification-flows', name: 'identitySend', auth: 'apply' },
  { method: 'POST', path: '/apply-v2/intellicheck/verify', group: 'verification-flows', name: 'identityVerify', auth: 'apply' },
  // the exchange reads the link's token itself (X-Apply-Token) and answers 403 for an unknown, used or expired one
  { method: 'GET', path: '/apply-v2/intellicheck/exchange', group: 'verification-flows', name: 'identityExchange', auth: 'public' },
  { method: 'POST', path: '/apply-v2/intellicheck/exchange-token', group: 'verification-flows', name: 'identityExchangeToken', auth: 'apply' },
  { method: 'GET', path: '/api/v1/payroll/employers', group: 'verification-flows', name: 'payrollEmployers', auth: 'apply' },
  { method: 'GET', path: '/api/v1/payroll/{id}/affordability', group: 'verification-flows', name: 'payrollAffordability', auth: 'apply' },
  { method: 'POST', path: '/api/v1/payroll/{id}', group: 'verification-flows', name: 'payrollStart', auth: 'apply' },
  { method: 'POST', path: '/api/v1/payroll/{id}/refresh', group: 'verification-flows', name: 'payrollRefresh', auth: 'apply' },
  { method: 'POST', path: '/api/v1/payroll/{id}/restart', group: 'verification-flows', name: 'payrollRestart', auth: 'apply' },
  { method: 'GET', path: '/apply-v2/flows/{flow}', group: 'verification-flows', name: 'flowState', auth: 'apply' },

  // sandbox verification vendors: their hosted pages (bank connection, mobile ID scan, payroll connection) and a JSON
  // console that calls our ports (functions/http/sandbox-vendors.ts)
  { method: 'GET', path: '/sandbox/bank/connect/{sessionId}', group: 'sandbox-vendors', name: 'bankConnectPage', auth: 'sandbox' },
  { method: 'POST', path: '/sandbox/bank/connect/{sessionId}', group: 'sandbox-vendors', name: 'bankConnectStep', auth: 'sandbox' },
  { method: 'GET', path: '/sandbox/identity/{checkId}', group: 'sandbox-vendors', name: 'identityPage', auth: 'sandbox' },
  { method: 'POST', path: '/sandbox/identity/{checkId}', group: 'sandbox-vendors', name: 'identityScan', auth: 'sandbox' },
  { method: 'GET', path: '/sandbox/payroll/connect/{sessionId}', group: 'sandbox-vendors', name: 'payrollPage', auth: 'sandbox' },
  { method: 'POST', path: '/sandbox/payroll/connect/{sessionId}', group: 'sandbox-vendors', name: 'payrollComplete', auth: 'sandbox' },
  { method: 'POST', path: '/sandbox/vendors/{vendor}/call/{operation}', group: 'sandbox-vendors', name: 'vendorConsole', auth: 'sandbox' },
  { method: 'GET', path: '/sandbox/vendors/{vendor}/objects/{objectId}', group: 'sandbox-vendors', name: 'vendorObject', auth: 'sandbox' },
  { method: 'GET', path: '/sandbox/vendors/{vendor}/refused', group: 'sandbox-vendors', name: 'vendorRefused', auth: 'sandbox' },

  // inbound callbacks of the verification vendors: public, signature-checked on the raw body (every stage)
  { method: 'POST', path: '/webhooks/bank-link', group: 'webhooks', name: 'bankLinkWebhook', auth: 'public' },
  { method: 'POST', path: '/webhooks/identity', group: 'webhooks', name: 'identityWebhook', auth: 'public' },
  { method: 'POST', path: '/webhooks/payroll', group: 'webhooks', name: 'payrollWebhook', auth: 'public' },

  // sandbox checkout vendors: the e-sign signing ceremony and the card vault's hosted fields (functions/http/sandbox-checkout.ts)
  { method: 'GET', path: '/sandbox/esign/{envelopeId}', group: 'sandbox-checkout', name: 'esignPage', auth: 'sandbox' },
  { method: 'POST', path: '/sandbox/esign/{envelopeId}', group: 'sandbox-checkout', name: 'esignSubmit', auth: 'sandbox' },
  { method: 'GET', path: '/sandbox/esign/{envelopeId}/document', group: 'sandbox-checkout', name: 'esignDocument', auth: 'sandbox' },
  { method: 'GET', path: '/sandbox/vault/fields/{sessionId}', group: 'sandbox-checkout', name: 'vaultFieldsPage', auth: 'sandbox' },
  { method: 'POST', path: '/sandbox/vault/tokenize', group: 'sandbox-checkout', name: 'vaultTokenize', auth: 'sandbox' },
  { method: 'POST', path: '/sandbox/checkout-vendors/{vendor}/{operation}', group: 'sandbox-checkout', name: 'vendorConsole', auth: 'sandbox' },
  { method: 'GET', path: '/sandbox/checkout-vendors/{vendor}/status/{id}', group: 'sandbox-checkout', name: 'vendorStatus', auth: 'sandbox' },

  // inbound callbacks of the checkout vendors: public, signature-checked on the raw body (every stage)
  { method: 'POST', path: '/webhooks/esign', group: 'webhooks', name: 'esignWebhook', auth: 'public' },
  { method: 'POST', path: '/webhooks/card-vault', group: 'webhooks', name: 'cardVaultWebhook', auth: 'public' },

  // shopper: the checkout (functions/http/checkout.ts); the exchange authenticates with the checkout token itself
  { method: 'GET', path: '/apply-v2/checkpoint/exchange', group: 'checkout', name: 'exchange', auth: 'public' },
  { method: 'GET', path: '/apply-v2/checkout/{checkout_id}', group: 'checkout', name: 'loadCheckout', auth: 'apply' },
  { method: 'GET', path: '/apply-v2/checkout/{checkout_id}/process', group: 'checkout', name: 'process', auth: 'apply' },
  { method: 'GET', path: '/apply-v2/checkout/{checkout_id}/lease', group: 'checkout', name: 'lease', auth: 'apply' },
  { method: 'POST', path: '/apply-v2/checkout/{checkout_id}/esign', group: 'checkout', name: 'esign', auth: 'apply' },
  { method: 'POST', path: '/apply-v2/checkout/{checkout_id}/discard', group: 'checkout', name: 'discard', auth: 'apply' },
  { method: 'GET', path: '/apply-v2/checkout/{checkout_id}/preview', group: 'checkout', name: 'preview', auth: 'apply-frame' },
  // the contract PDF: a signed link that expires after 24 hours (the signature is the authentication)
  { method: 'GET', path: '/apply-v2/checkout/{checkout_id}/contract.pdf', group: 'checkout', name: 'contractPdf', auth: 'public' },
  { method: 'POST', path: '/apply-v2/checkout/{checkout_id}/cancel', group: 'checkout', name: 'cancel', auth: 'apply' },
  // shopper: delivery options through the retail partner
  { method: 'GET', path: '/api/v1/retail-partner/productavailability', group: 'checkout', name: 'productAvailability', auth: 'apply' },
  { method: 'GET', path: '/api/v1/retail-partner/services', group: 'checkout', name: 'deliveryServices', auth: 'apply' },
  { method: 'POST', path: '/api/v1/retail-partner/schedule', group: 'checkout', name: 'deliverySchedule', auth: 'apply' },
  // shopper: the down payment (card vault tokens only; card numbers never reach this API)
  { method: 'POST', path: '/api/v1/cards/card-vault/verify', group: 'checkout', name: 'cardVerify', auth: 'apply' },
  { method: 'POST', path: '/api/v1/cards/card-vault/tokenize', group: 'checkout', name: 'cardTokenize', auth: 'apply' },
  { method: 'POST', path: '/api/v1/cards/token', group: 'checkout', name: 'cardToken', auth: 'apply' },
  { method: 'POST', path: '/api/v1/cards/processCard', group: 'checkout', name: 'processCard', auth: 'apply' },

  // retailers: the checkout API (functions/http/retailer.ts), bearer API tokens, Idempotency-Key on writes
  { method: 'POST', path: '/retailer/v1/checkouts', group: 'retailer', name: 'createCheckout', auth: 'retailer' },
  { method: 'GET', path: '/retailer/v1/checkouts/{checkout_id}', group: 'retailer', name: 'getCheckout', auth: 'retailer' },
  { method: 'POST', path: '/retailer/v1/checkouts/{checkout_id}/cancel', group: 'retailer', name: 'cancelCheckout', auth: 'retailer' },
  { method: 'POST', path: '/retailer/v1/checkouts/{checkout_id}/delivery', group: 'retailer', name: 'confirmDelivery', auth: 'retailer' },
  { method: 'GET', path: '/retailer/v1/webhooks/deliveries', group: 'retailer', name: 'webhookDeliveries', auth: 'retailer' },
  { method: 'POST', path: '/retailer/v1/webhooks/deliveries/{event_id}/replay', group: 'retailer', name: 'replayWebhook', auth: 'retailer' },
  // the demo retailer's server side (local and non-production only): creates checkouts, receives webhooks
  { method: 'POST', path: '/demo/retailer/checkouts', group: 'retailer', name: 'demoCreateCheckout', auth: 'sandbox' },
  { method: 'POST', path: '/demo/retailer/webhooks', group: 'retailer', name: 'demoReceiveWebhook', auth: 'sandbox' },
  { method: 'GET', path: '/demo/retailer/webhooks', group: 'retailer', name: 'demoWebhooks', auth: 'sandbox' },
];

export const groups = [...new Set(routes.map((r) => r.group))];
