// The catalogue areas the staff portal's i18n provider holds (the toolkit's caller bundles the whole catalogue
// anyway, so naming the shopper areas here adds nothing to the download): the staff texts, the lease operations'
// texts, and the shopper areas whose labels the lease screens show (income types, home ownership, frequencies,
// status labels). The staff area comes after the lease messages so that the keys both define keep the texts the
// existing screens show (e.g. staff.field.retailer).
import { application } from '../../../machines/i18n/application.ts';
import { checkout } from '../../../machines/i18n/checkout.ts';
import { common } from '../../../machines/i18n/common.ts';
import { leases } from '../../../machines/i18n/leases.ts';
import { shell } from '../../../machines/i18n/shell.ts';
import { staff } from '../../../machines/i18n/staff.ts';
import { staffLeasesUi } from '../../../machines/i18n/staff-leases-ui.ts';
import { toolkit } from '../../../machines/i18n/toolkit.ts';
import { scoringSettings } from '../../../machines/i18n/scoring-settings.ts';
import { imports } from '../../../machines/i18n/imports.ts';
import { staffRules } from '../../../machines/i18n/staff-rules.ts';
import { crm } from '../../../machines/i18n/crm.ts';
import { network } from '../../../machines/i18n/network.ts';
import { merchant } from '../../../machines/i18n/merchant.ts';
import { consentStaffTexts } from '../../../machines/i18n/consents-staff.ts';
import { collections } from '../../../machines/i18n/collections.ts';
import { servicingReports } from '../../../machines/i18n/servicing-reports.ts';
import { servicingRules } from '../../../machines/i18n/servicing-rules.ts';
import type { MessageArea } from '../../../machines/i18n/types.ts';

export const STAFF_AREAS: readonly MessageArea[] = [
  common,
  shell,
  toolkit,
  application,
  checkout,
  leases,
  staff,
  staffLeasesUi,
  scoringSettings,
  imports,
  staffRules,
  crm,
  network,
  merchant,
  consentStaffTexts,
  collections,
  servicingReports,
  servicingRules,
];
