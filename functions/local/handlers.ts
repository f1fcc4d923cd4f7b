import type { HandlerMap, RouteGroup } from '../http/route.ts';
import { handlers as apply } from '../http/apply.ts';
import { handlers as application } from '../http/application.ts';
import { handlers as lookups } from '../http/lookups.ts';
import { handlers as sandbox } from '../http/sandbox.ts';
import { handlers as system } from '../http/system.ts';
import { handlers as sandboxVendors } from '../http/sandbox-vendors.ts';
import { handlers as staff } from '../http/staff.ts';
import { handlers as staffLeases } from '../http/staff-leases.ts';
import { handlers as staffImports } from '../http/staff-imports.ts';
import { handlers as staffRules } from '../http/staff-rules.ts';
import { handlers as staffScoring } from '../http/staff-scoring.ts';
import { handlers as sandboxCheckout } from '../http/sandbox-checkout.ts';
import { handlers as webhooks } from '../http/webhooks.ts';
import { handlers as decision } from '../http/decision.ts';
import { handlers as verificationFlows } from '../http/verification-flows.ts';
import { handlers as checkout } from '../http/checkout.ts';
import { handlers as retailer } from '../http/retailer.ts';
import { handlers as staffReports } from '../http/staff-reports.ts';
import { handlers as adverseAction } from '../http/adverse-action.ts';
import { handlers as consents } from '../http/consents.ts';
import { handlers as staffConsents } from '../http/staff-consents.ts';
import { handlers as staffCrm } from '../http/staff-crm.ts';
import { handlers as staffMerchant } from '../http/staff-merchant.ts';

import { handlers as signup } from '../http/signup.ts';
import { handlers as staffNetwork } from '../http/staff-network.ts';
import { handlers as oauth } from '../http/oauth.ts';
import { handlers as retailerDocs } from '../http/retailer-docs.ts';
import { handlers as customer } from '../http/customer.ts';
import { handlers as servicing } from '../http/servicing.ts';

// Every route group's handlers, as the Lambda functions have them (the local server calls the same code).
export const groupHandlers: Record<RouteGroup, HandlerMap> = {
  system,
  apply,
  sandbox,
  lookups,
  staff,
  'staff-leases': staffLeases,
  'staff-imports': staffImports,
  'staff-rules': staffRules,
  'staff-scoring': staffScoring,
  'sandbox-vendors': sandboxVendors,
  'sandbox-checkout': sandboxCheckout,
  webhooks,
  application,
  decision,
  'verification-flows': verificationFlows,
  checkout,
  retailer,
  'staff-reports': staffReports,
  'adverse-action': adverseAction,
  consents,
  'staff-consents': staffConsents,
  'staff-crm': staffCrm,
  'staff-merchant': staffMerchant,
  signup,
  'staff-network': staffNetwork,
  oauth,
  'retailer-docs': retailerDocs,
  customer,
  servicing,
};
