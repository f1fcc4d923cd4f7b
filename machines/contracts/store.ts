import type { BrandKey } from '../domain/brands.ts';

/** A store's lease program: every flag of seed 000 section 3, plus the ones ARCHITECTURE.md adds. */
export interface LeaseProgram {
  enable_product_selection: boolean;
  effective_product_selection_override: { key: string; name: string }[];
  ocp_enabled: boolean;
  option_b_enabled: boolean;
  option_c_enabled: boolean;
  option_d_enabled: boolean;
  min_approval_amount: number;
  apply_form_version: 1 | 2 | 3;
  display_store_info_contract_screen: boolean;
  mortgage_questions_enabled: boolean;
  enableEpoLanguage: boolean;
  sac_days: number;
  sac_110_day: boolean;
  bank_link_enabled: boolean;
  /** 2 = e-mail, otherwise SMS. */
  bank_link_send_by: number;
  banking_required: boolean;
  identity_check_enabled: boolean;
  /** 1 = at applicant info, 2 = at confirmation (default). */
  identity_check_step: 1 | 2;
  /** Card flags of the down payment (seed 000 "Card payment"). */
  is_prepaid_cards_allowed: boolean;
  are_credit_cards_allowed: boolean;
  are_debit_cards_allowed: boolean;
  is_foreign_cards_allowed: boolean;
  validate_bin_number: boolean;
}

export interface StoreAddress {
  label: string;
  line_1?: string;
  city?: string;
  state: string;
  code?: string;
}

/** The store as the shopper portal sees it (GET /apply-v2/retailer/{retailer}/store/{store}). */
export interface StoreView {
  id: string;
  slug: string;
  name: string;
  label: string;
  rating: number;
  brand: BrandKey;
  retailer: { id: string; slug: string; name: string };
  billing_address_id: string;
  billing_address: StoreAddress;
  shipping_address: StoreAddress;
  details: { phone: string };
  checkout_delivery_options_required: boolean;
  record: { identifier: string };
  lease_program: LeaseProgram;
}

export interface StoreSearchHit {
  retailer: { slug: string; name: string };
  store: { slug: string; name: string; label: string; city: string; state: string };
}

/** The lease program a new store starts with (and the demo stores build on). */
export const DEFAULT_LEASE_PROGRAM: LeaseProgram = {
  enable_product_selection: false,
  effective_product_selection_override: [],
  ocp_enabled: false,
  option_b_enabled: true,
  option_c_enabled: false,
  option_d_enabled: false,
  min_approval_amount: 300,
  apply_form_version: 2,
  display_store_info_contract_screen: true,
  mortgage_questions_enabled: false,
  enableEpoLanguage: true,
  sac_days: 90,
  sac_110_day: false,
  bank_link_enabled: true,
  bank_link_send_by: 2,
  banking_required: true,
  identity_check_enabled: false,
  identity_check_step: 2,
  is_prepaid_cards_allowed: false,
  are_credit_cards_allowed: true,
  are_debit_cards_allowed: true,
  is_foreign_cards_allowed: false,
  validate_bin_number: true,
};
