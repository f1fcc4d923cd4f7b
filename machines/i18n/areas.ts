import { application } from './application.ts';
import { common } from './common.ts';
import { toolkit } from './toolkit.ts';
import { flows } from './flows.ts';
import { shell } from './shell.ts';
import { checkout } from './checkout.ts';
import { decision } from './decision.ts';
import { calculator } from './calculator.ts';
import { staff } from './staff.ts';
import { leases } from './leases.ts';
import { staffLeasesUi } from './staff-leases-ui.ts';
import { scoringSettings } from './scoring-settings.ts';
import { imports } from './imports.ts';
import { adverseAction } from './adverse-action.ts';
import { staffRules } from './staff-rules.ts';
import { consentsArea } from './consents-area.ts';
import { crm } from './crm.ts';
import { merchant } from './merchant.ts';
import { network } from './network.ts';
import { account } from './account.ts';
import { customerApi } from './customer-api.ts';
import { servicing } from './servicing.ts';
import { servicingServer } from './servicing-server.ts';
import { collections } from './collections.ts';
import { servicingReports } from './servicing-reports.ts';
import { servicingRules } from './servicing-rules.ts';
import type { MessageArea } from './types.ts';

// Every feature area's messages: each area keeps its messages in its own file; this is the one place that lists them.
// machines/i18n/catalogue.ts joins them (it reaches this module as `#i18n/areas`, see there).
const areas: readonly MessageArea[] = [
  common,
  toolkit,
  flows,
  shell,
  checkout,
  application,
  decision,
  calculator,
  staff,
  leases,
  staffLeasesUi,
  scoringSettings,
  imports,
  adverseAction,
  staffRules,
  consentsArea,
  crm,
  network,
  merchant,
  account,
  customerApi,
  servicing,
  servicingServer,
  collections,
  servicingReports,
  servicingRules,
];

export function loadMessageAreas(): readonly MessageArea[] {
  return areas;
}
