// The named routes of the staff portal (hash routing): path, name (catalogue key) for breadcrumbs and titles, the
// permission that opens it, its parent for the breadcrumb trail, and the menu group it shows in (seed 001 section 2:
// main "Navigation", user "User", top "Menu", admin "Administration").
import type { ReactNode } from 'react';
import type { StaffMe } from '../../../machines/contracts/staff.ts';
import { ApplicationDetailScreen } from '../features/applications/ApplicationDetailScreen.tsx';
import { ApplicationsScreen } from '../features/applications/ApplicationsScreen.tsx';
import { AuditScreen } from '../features/audit/AuditScreen.tsx';
import { MassImportScreen } from '../features/mass-import/MassImportScreen.tsx';
import { ScoringSettingsScreen } from '../features/scoring-settings/ScoringSettingsScreen.tsx';
import { ReportsScreen } from '../features/reports/ReportsScreen.tsx';
import { CheckoutScreen, CheckoutsScreen } from '../features/checkouts/CheckoutsScreen.tsx';
import { ContractsScreen } from '../features/contracts/ContractsScreen.tsx';
import { LeaseQueueScreen } from '../features/lease-queue/LeaseQueueScreen.tsx';
import { CollectionsQueueScreen } from '../features/collections/CollectionsQueueScreen.tsx';
import { CollectionAccountScreen } from '../features/collections/CollectionAccountScreen.tsx';
import { LeasesScreen } from '../features/leases/LeasesScreen.tsx';
import { PaymentScreen, PaymentsScreen } from '../features/payments/PaymentsScreen.tsx';
import { ChangePassword } from '../features/auth/AuthScreens.tsx';
import { Dashboard } from '../features/dashboard/Dashboard.tsx';
import { MailTemplatesScreen } from '../features/mail-templates/MailTemplatesScreen.tsx';
import { PermissionsScreen } from '../features/permissions/PermissionsScreen.tsx';
import { PicklistItemsScreen, PicklistsScreen } from '../features/picklists/PicklistsScreen.tsx';
import { RetailersScreen } from '../features/retailers/RetailersScreen.tsx';
import { RolePermissionsScreen, RolesScreen } from '../features/roles/RolesScreen.tsx';
import { SettingsScreen } from '../features/settings/SettingsScreen.tsx';
import { StateRulesScreen } from '../features/state-rules/StateRulesScreen.tsx';
import { SecuritySettingsScreen } from '../features/security-settings/SecuritySettingsScreen.tsx';
import { QueueManagementScreen } from '../features/queue-management/QueueManagementScreen.tsx';
import { StoreContextScreen } from '../features/store-context/StoreContextScreen.tsx';
import {
  StoreApplicationScreen,
  StoreApplicationsScreen,
} from '../features/store-applications/StoreApplicationsScreen.tsx';
import { OAuthClientsScreen } from '../features/oauth-clients/OAuthClientsScreen.tsx';
import { StoresScreen } from '../features/stores/StoresScreen.tsx';
import { TokensScreen } from '../features/tokens/TokensScreen.tsx';
import { UsersScreen } from '../features/users/UsersScreen.tsx';
import { LeadsScreen } from '../features/leads/LeadsScreen.tsx';
import { ContactsScreen } from '../features/contacts/ContactsScreen.tsx';
import { TasksScreen } from '../features/tasks/TasksScreen.tsx';
import { CampaignsScreen } from '../features/marketing/CampaignsScreen.tsx';
import { MarketingRequestsScreen } from '../features/marketing/MarketingRequestsScreen.tsx';
import { MarketingGuideScreen } from '../features/marketing/MarketingGuideScreen.tsx';
import { ResourcesLibraryScreen } from '../features/resources/ResourcesLibraryScreen.tsx';
import { PaymentCalculatorScreen } from '../features/payment-calculator/PaymentCalculatorScreen.tsx';
import { PushNotificationsScreen } from '../features/push-notifications/PushNotificationsScreen.tsx';
import { MobileSlidesScreen } from '../features/mobile-slides/MobileSlidesScreen.tsx';
import { RetailerMapScreen } from '../features/retailer-map/RetailerMapScreen.tsx';
import { PosItemsScreen, PosOrdersScreen } from '../features/pos/PosScreens.tsx';
import { PickupsScreen, PickupTransactionsScreen } from '../features/pickups/PickupsScreens.tsx';
import { RetentionEntriesScreen, RetentionScreen } from '../features/retention/RetentionScreens.tsx';

export type MenuGroup = 'main' | 'user' | 'top' | 'admin';
export type Params = Record<string, string | undefined>;

export interface StaffRoute {
  id: string;
  path: string;
  /** Catalogue key of the route's name (or one chosen from its params). */
  name: string | ((params: Params) => string);
  permission?: string;
  parent?: string;
  menu?: MenuGroup;
  /** Shown in its menu only when this holds (e.g. Switch Store for users with several stores). */
  menuWhen?: (me: StaffMe) => boolean;
  render: (params: Params) => ReactNode;
}

const record = (newKey: string, editKey: string) => (params: Params) => (params.id === 'new' ? newKey : editKey);

/** Whether the user can act for more than one store (Set Store Context / Switch Store). */
export const canSwitchStore = (me: StaffMe) => me.guard !== 'store' || me.stores.length > 1;

export const ROUTES: StaffRoute[] = [
  { id: 'dashboard', path: '/', name: 'staff.ui.nav.dashboard', menu: 'main', render: () => <Dashboard /> },
  // lease operations: the queue, applications and leases (one record per application, the same screen under both),
  // contracts, checkouts and payments
  {
    id: 'leaseQueue',
    path: '/lease-queue',
    name: 'staff.ui.nav.leaseQueue',
    permission: 'lease-queue.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <LeaseQueueScreen />,
  },
  {
    id: 'collectionsQueue',
    path: '/collections-queue',
    name: 'collections.ui.queue',
    permission: 'collections.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <CollectionsQueueScreen />,
  },
  {
    id: 'collectionAccount',
    path: '/collections-queue/:id',
    name: 'collections.ui.work',
    permission: 'collections.view',
    parent: 'collectionsQueue',
    render: (p) => <CollectionAccountScreen key={p.id} id={p.id!} />,
  },
  {
    id: 'leaseQueueTab',
    path: '/lease-queue/:queue',
    name: 'staff.ui.nav.leaseQueue',
    permission: 'lease-queue.view',
    parent: 'dashboard',
    render: (p) => <LeaseQueueScreen key={p.queue} queue={p.queue} />,
  },
  {
    id: 'applications',
    path: '/applications',
    name: 'staff.ui.nav.applications',
    permission: 'applications.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <ApplicationsScreen />,
  },
  {
    id: 'application',
    path: '/applications/:id',
    name: 'staff.ui.lease.application',
    permission: 'applications.view',
    parent: 'applications',
    render: (p) => <ApplicationDetailScreen key={p.id} id={p.id!} base="applications" />,
  },
  {
    id: 'leases',
    path: '/leases',
    name: 'staff.ui.nav.leases',
    permission: 'leases.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <LeasesScreen />,
  },
  {
    id: 'lease',
    path: '/leases/:id',
    name: 'staff.ui.lease.lease',
    permission: 'leases.view',
    parent: 'leases',
    render: (p) => <ApplicationDetailScreen key={p.id} id={p.id!} base="leases" />,
  },
  {
    id: 'contracts',
    path: '/contracts',
    name: 'staff.ui.nav.contracts',
    permission: 'leases.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <ContractsScreen />,
  },
  {
    id: 'checkouts',
    path: '/checkouts',
    name: 'staff.ui.nav.checkouts',
    permission: 'checkouts.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <CheckoutsScreen />,
  },
  {
    id: 'checkout',
    path: '/checkouts/:id',
    name: 'staff.ui.lease.checkout',
    permission: 'checkouts.view',
    parent: 'checkouts',
    render: (p) => <CheckoutScreen key={p.id} id={p.id!} />,
  },
  {
    id: 'payments',
    path: '/payments',
    name: 'staff.ui.nav.payments',
    permission: 'payments.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <PaymentsScreen />,
  },
  {
    id: 'payment',
    path: '/payments/:id',
    name: 'staff.ui.lease.payment',
    permission: 'payments.view',
    parent: 'payments',
    render: (p) => <PaymentScreen key={p.id} id={p.id!} />,
  },
  {
    id: 'reports',
    path: '/reports',
    name: 'staff.permissionGroup.reports',
    permission: 'reports.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <ReportsScreen />,
  },

  {
    id: 'stores',
    path: '/stores',
    name: 'staff.ui.nav.stores',
    permission: 'stores.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <StoresScreen />,
  },
  {
    id: 'store',
    path: '/stores/:id',
    name: record('staff.form.newStore', 'staff.form.editStore'),
    permission: 'stores.view',
    parent: 'stores',
    render: (p) => <StoresScreen id={p.id} />,
  },
  {
    id: 'retailers',
    path: '/retailers',
    name: 'staff.ui.nav.retailers',
    permission: 'retailers.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <RetailersScreen />,
  },
  {
    id: 'retailer',
    path: '/retailers/:id',
    name: record('staff.form.newRetailer', 'staff.form.editRetailer'),
    permission: 'retailers.view',
    parent: 'retailers',
    render: (p) => <RetailersScreen id={p.id} />,
  },
  // the merchant network (issue 12): the map, POS, pick-ups, retention money
  {
    id: 'retailerMap',
    path: '/retailer-map',
    name: 'merchant.nav.retailerMap',
    permission: 'retailer-map.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <RetailerMapScreen />,
  },
  {
    id: 'posItems',
    path: '/pos-items',
    name: 'merchant.nav.posItems',
    permission: 'pos.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <PosItemsScreen />,
  },
  {
    id: 'posItem',
    path: '/pos-items/:id',
    name: record('merchant.form.newPosItem', 'merchant.form.editPosItem'),
    permission: 'pos.view',
    parent: 'posItems',
    render: (p) => <PosItemsScreen id={p.id} />,
  },
  {
    id: 'posOrders',
    path: '/pos-orders',
    name: 'merchant.nav.posOrders',
    permission: 'pos.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <PosOrdersScreen />,
  },
  {
    id: 'posOrder',
    path: '/pos-orders/:id',
    name: record('merchant.form.newPosOrder', 'merchant.form.editPosOrder'),
    permission: 'pos.view',
    parent: 'posOrders',
    render: (p) => <PosOrdersScreen id={p.id} />,
  },
  {
    id: 'pickups',
    path: '/pickups',
    name: 'merchant.nav.pickups',
    permission: 'pickups.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <PickupsScreen />,
  },
  {
    id: 'pickup',
    path: '/pickups/:id',
    name: record('merchant.form.newPickup', 'merchant.form.editPickup'),
    permission: 'pickups.view',
    parent: 'pickups',
    render: (p) => <PickupsScreen id={p.id} />,
  },
  {
    id: 'pickupTransactions',
    path: '/pickup-transactions',
    name: 'merchant.nav.pickupTransactions',
    permission: 'pickups.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <PickupTransactionsScreen />,
  },
  {
    id: 'pickupTransaction',
    path: '/pickup-transactions/:id',
    name: 'merchant.form.newPickupTx',
    permission: 'pickups.manage',
    parent: 'pickupTransactions',
    render: (p) => <PickupTransactionsScreen id={p.id} />,
  },
  {
    id: 'retention',
    path: '/retention',
    name: 'merchant.nav.retention',
    permission: 'retention.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <RetentionScreen />,
  },
  {
    id: 'retentionAccount',
    path: '/retention/:id',
    name: record('merchant.form.newRetention', 'merchant.form.editRetention'),
    permission: 'retention.view',
    parent: 'retention',
    render: (p) => <RetentionScreen id={p.id} />,
  },
  {
    id: 'retentionEntries',
    path: '/retention-entries',
    name: 'merchant.nav.retentionEntries',
    permission: 'retention.view',
    parent: 'retention',
    menu: 'main',
    render: () => <RetentionEntriesScreen />,
  },
  {
    id: 'retentionEntry',
    path: '/retention-entries/:id',
    name: 'merchant.form.newRetentionEntry',
    permission: 'retention.manage',
    parent: 'retentionEntries',
    render: (p) => <RetentionEntriesScreen id={p.id} />,
  },
  // issue 12: CRM, marketing, push notifications and mobile slides
  {
    id: 'leads',
    path: '/leads',
    name: 'crm.nav.leads',
    permission: 'leads.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <LeadsScreen />,
  },
  {
    id: 'lead',
    path: '/leads/:id',
    name: record('crm.form.newLead', 'crm.form.editLead'),
    permission: 'leads.view',
    parent: 'leads',
    render: (p) => <LeadsScreen id={p.id} />,
  },
  {
    id: 'contacts',
    path: '/contacts',
    name: 'crm.nav.contacts',
    permission: 'leads.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <ContactsScreen />,
  },
  {
    id: 'contact',
    path: '/contacts/:id',
    name: record('crm.form.newContact', 'crm.form.editContact'),
    permission: 'leads.view',
    parent: 'contacts',
    render: (p) => <ContactsScreen id={p.id} />,
  },
  {
    id: 'tasks',
    path: '/tasks',
    name: 'crm.nav.tasks',
    permission: 'tasks.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <TasksScreen />,
  },
  {
    id: 'task',
    path: '/tasks/:id',
    name: record('crm.form.newTask', 'crm.form.editTask'),
    permission: 'tasks.view',
    parent: 'tasks',
    render: (p) => <TasksScreen id={p.id} />,
  },
  {
    id: 'campaigns',
    path: '/campaigns',
    name: 'crm.nav.campaigns',
    permission: 'marketing.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <CampaignsScreen />,
  },
  {
    id: 'campaign',
    path: '/campaigns/:id',
    name: record('crm.form.newCampaign', 'crm.form.editCampaign'),
    permission: 'marketing.view',
    parent: 'campaigns',
    render: (p) => <CampaignsScreen id={p.id} />,
  },
  {
    id: 'marketingRequests',
    path: '/marketing-requests',
    name: 'crm.nav.marketingRequests',
    permission: 'marketing.request',
    parent: 'dashboard',
    menu: 'main',
    render: () => <MarketingRequestsScreen />,
  },
  {
    id: 'marketingRequest',
    path: '/marketing-requests/:id',
    name: record('crm.form.newMarketingRequest', 'crm.form.editMarketingRequest'),
    permission: 'marketing.request',
    parent: 'marketingRequests',
    render: (p) => <MarketingRequestsScreen id={p.id} />,
  },
  {
    id: 'marketingGuide',
    path: '/marketing-guide',
    name: 'crm.nav.marketingGuide',
    permission: 'marketing.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <MarketingGuideScreen />,
  },
  {
    id: 'marketingGuideEntry',
    path: '/marketing-guide/:id',
    name: record('crm.form.newGuide', 'crm.form.editGuide'),
    permission: 'marketing.view',
    parent: 'marketingGuide',
    render: (p) => <MarketingGuideScreen id={p.id} />,
  },
  {
    id: 'resourcesLibrary',
    path: '/resources-library',
    name: 'crm.nav.resourcesLibrary',
    permission: 'marketing.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <ResourcesLibraryScreen />,
  },
  {
    id: 'resourcesLibraryItem',
    path: '/resources-library/:id',
    name: record('crm.form.newLibraryItem', 'crm.form.editLibraryItem'),
    permission: 'marketing.view',
    parent: 'resourcesLibrary',
    render: (p) => <ResourcesLibraryScreen id={p.id} />,
  },
  {
    id: 'pushNotifications',
    path: '/push-notifications',
    name: 'crm.nav.pushNotifications',
    permission: 'push.view',
    parent: 'dashboard',
    menu: 'admin',
    render: () => <PushNotificationsScreen />,
  },
  {
    id: 'pushNotification',
    path: '/push-notifications/:id',
    name: record('crm.form.newPush', 'crm.form.editPush'),
    permission: 'push.view',
    parent: 'pushNotifications',
    render: (p) => <PushNotificationsScreen id={p.id} />,
  },
  {
    id: 'mobileSlides',
    path: '/mobile-slides',
    name: 'crm.nav.mobileSlides',
    permission: 'slides.view',
    parent: 'dashboard',
    menu: 'admin',
    render: () => <MobileSlidesScreen />,
  },
  {
    id: 'mobileSlide',
    path: '/mobile-slides/:id',
    name: record('crm.form.newSlide', 'crm.form.editSlide'),
    permission: 'slides.view',
    parent: 'mobileSlides',
    render: (p) => <MobileSlidesScreen id={p.id} />,
  },
  {
    id: 'paymentCalculator',
    path: '/payment-calculator',
    name: 'crm.nav.paymentCalculator',
    permission: 'marketing.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <PaymentCalculatorScreen />,
  },
  {
    id: 'users',
    path: '/users',
    name: 'staff.ui.nav.users',
    permission: 'users.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <UsersScreen />,
  },
  {
    id: 'user',
    path: '/users/:id',
    name: record('staff.form.newUser', 'staff.form.editUser'),
    permission: 'users.view',
    parent: 'users',
    render: (p) => <UsersScreen id={p.id} />,
  },

  {
    id: 'roles',
    path: '/roles',
    name: 'staff.ui.nav.roles',
    permission: 'roles.view',
    parent: 'dashboard',
    menu: 'admin',
    render: () => <RolesScreen />,
  },
  {
    id: 'rolePermissions',
    path: '/roles/:id/permissions',
    name: 'staff.form.rolePermissions',
    permission: 'permissions.view',
    parent: 'roles',
    render: (p) => <RolePermissionsScreen id={p.id!} />,
  },
  {
    id: 'role',
    path: '/roles/:id',
    name: record('staff.form.newRole', 'staff.form.editRole'),
    permission: 'roles.view',
    parent: 'roles',
    render: (p) => <RolesScreen id={p.id} />,
  },
  {
    id: 'permissions',
    path: '/permissions',
    name: 'staff.ui.nav.permissions',
    permission: 'permissions.view',
    parent: 'dashboard',
    menu: 'admin',
    render: () => <PermissionsScreen />,
  },
  {
    id: 'picklists',
    path: '/picklists',
    name: 'staff.ui.nav.picklists',
    permission: 'picklists.view',
    parent: 'dashboard',
    menu: 'admin',
    render: () => <PicklistsScreen />,
  },
  {
    id: 'picklistItems',
    path: '/picklists/:id/items',
    name: 'staff.ui.picklist.items',
    permission: 'picklists.view',
    parent: 'picklists',
    render: (p) => <PicklistItemsScreen id={p.id!} />,
  },
  {
    id: 'picklist',
    path: '/picklists/:id',
    name: record('staff.form.newPicklist', 'staff.form.editPicklist'),
    permission: 'picklists.view',
    parent: 'picklists',
    render: (p) => <PicklistsScreen id={p.id} />,
  },
  {
    id: 'settings',
    path: '/settings',
    name: 'staff.ui.nav.settings',
    permission: 'settings.view',
    parent: 'dashboard',
    menu: 'admin',
    render: () => <SettingsScreen />,
  },
  {
    id: 'setting',
    path: '/settings/:id',
    name: record('staff.form.newSetting', 'staff.form.editSetting'),
    permission: 'settings.view',
    parent: 'settings',
    render: (p) => <SettingsScreen id={p.id} />,
  },
  {
    id: 'tokens',
    path: '/tokens',
    name: 'staff.ui.nav.tokens',
    permission: 'tokens.view',
    parent: 'dashboard',
    menu: 'admin',
    render: () => <TokensScreen />,
  },
  {
    id: 'token',
    path: '/tokens/:id',
    name: 'staff.form.newToken',
    permission: 'tokens.create',
    parent: 'tokens',
    render: (p) => <TokensScreen id={p.id} />,
  },
  // merchant network (issue 12): Store Applications, OAuth access tokens
  {
    id: 'storeApplications',
    path: '/store-applications',
    name: 'network.apps.title',
    permission: 'store-applications.view',
    parent: 'dashboard',
    menu: 'main',
    render: () => <StoreApplicationsScreen />,
  },
  {
    id: 'storeApplication',
    path: '/store-applications/:id',
    name: 'network.apps.title',
    permission: 'store-applications.view',
    parent: 'storeApplications',
    render: (p) => <StoreApplicationScreen id={p.id!} />,
  },
  {
    id: 'oauthClients',
    path: '/oauth-clients',
    name: 'network.oauth.title',
    permission: 'tokens.view',
    parent: 'dashboard',
    menu: 'admin',
    render: () => <OAuthClientsScreen />,
  },
  {
    id: 'oauthClient',
    path: '/oauth-clients/:id',
    name: 'network.oauth.new',
    permission: 'tokens.create',
    parent: 'oauthClients',
    render: (p) => <OAuthClientsScreen id={p.id} />,
  },
  {
    id: 'mailTemplates',
    path: '/mail-templates',
    name: 'staff.ui.nav.mailTemplates',
    permission: 'mail-templates.view',
    parent: 'dashboard',
    menu: 'admin',
    render: () => <MailTemplatesScreen />,
  },
  {
    id: 'mailTemplate',
    path: '/mail-templates/:id',
    name: record('staff.form.newMailTemplate', 'staff.form.editMailTemplate'),
    permission: 'mail-templates.view',
    parent: 'mailTemplates',
    render: (p) => <MailTemplatesScreen id={p.id} />,
  },
  {
    id: 'massImport',
    path: '/mass-import',
    name: 'staff.nav.imports',
    permission: 'imports.view',
    parent: 'dashboard',
    menu: 'admin',
    render: () => <MassImportScreen />,
  },
  {
    id: 'audit',
    path: '/audit',
    name: 'staff.ui.nav.audit',
    permission: 'audit.view',
    parent: 'dashboard',
    menu: 'admin',
    render: () => <AuditScreen />,
  },
  // underwriting rules as data (issue 11)
  {
    id: 'stateRules',
    path: '/state-rules',
    name: 'staff.ui.nav.stateRules',
    permission: 'state-rules.view',
    parent: 'dashboard',
    menu: 'admin',
    render: () => <StateRulesScreen />,
  },
  {
    id: 'queueManagement',
    path: '/queue-management',
    name: 'staff.ui.nav.queueManagement',
    permission: 'queues.view',
    parent: 'dashboard',
    menu: 'admin',
    render: () => <QueueManagementScreen />,
  },
  {
    id: 'securitySettings',
    path: '/security-settings',
    name: 'staff.ui.nav.securitySettings',
    permission: 'security.view',
    parent: 'dashboard',
    menu: 'admin',
    render: () => <SecuritySettingsScreen />,
  },
  {
    id: 'scoringSettings',
    path: '/scoring-settings',
    name: 'scoring.ui.nav',
    permission: 'scoring.view',
    parent: 'dashboard',
    menu: 'admin',
    render: () => <ScoringSettingsScreen />,
  },

  {
    id: 'storeContext',
    path: '/store-context',
    name: 'staff.ui.nav.storeContext',
    parent: 'dashboard',
    menu: 'top',
    menuWhen: canSwitchStore,
    render: () => <StoreContextScreen />,
  },
  {
    id: 'password',
    path: '/account/password',
    name: 'staff.ui.nav.password',
    parent: 'dashboard',
    menu: 'user',
    render: () => <ChangePassword />,
  },
];

export const routeById = (id: string) => ROUTES.find((r) => r.id === id);
export const nameOf = (route: StaffRoute, params: Params) =>
  typeof route.name === 'function' ? route.name(params) : route.name;
