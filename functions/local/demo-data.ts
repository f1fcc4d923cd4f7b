import { DEFAULT_LEASE_PROGRAM, type LeaseProgram, type StoreView } from '../../machines/contracts/store.ts';
import type { RetailerRecord } from '../data/stores.ts';

// The demo data of ARCHITECTURE.md. Ids and slugs are stable: tests, the demo retailer page and docs rely on them.

const baseProgram: LeaseProgram = DEFAULT_LEASE_PROGRAM;

export const DEMO_RETAILERS: RetailerRecord[] = [
  { id: 'ret-demo-electronics', slug: 'demo-electronics', name: 'Demo Electronics', active: true, brand: 'default' },
  { id: 'ret-demo-comfort', slug: 'demo-comfort', name: 'Demo Comfort Heating & Air', active: true, brand: 'second' },
];

const electronics = { id: 'ret-demo-electronics', slug: 'demo-electronics', name: 'Demo Electronics' };
const comfort = { id: 'ret-demo-comfort', slug: 'demo-comfort', name: 'Demo Comfort Heating & Air' };

export const DEMO_STORES: { view: StoreView; active: boolean }[] = [
  {
    active: true,
    view: {
      id: 'sto-main-street',
      slug: 'main-street',
      name: 'Main Street',
      label: 'Demo Electronics - Main Street',
      rating: 15,
      brand: 'default',
      retailer: electronics,
      billing_address_id: 'adr-main-street',
      billing_address: {
        label: '120 Main Street, Columbus, OH 43215',
        line_1: '120 Main Street',
        city: 'Columbus',
        state: 'OH',
        code: '43215',
      },
      shipping_address: {
        label: '120 Main Street, Columbus, OH 43215',
        line_1: '120 Main Street',
        city: 'Columbus',
        state: 'OH',
        code: '43215',
      },
      details: { phone: '(614) 555-0110' },
      checkout_delivery_options_required: true,
      record: { identifier: 'MERCHANDISE' },
      // Merchandise store, wizard form, OCP enabled, banking required.
      lease_program: { ...baseProgram, ocp_enabled: true, apply_form_version: 2, banking_required: true },
    },
  },
  {
    active: true,
    view: {
      id: 'sto-express',
      slug: 'express',
      name: 'Express',
      label: 'Demo Electronics - Express',
      rating: 17,
      brand: 'default',
      retailer: electronics,
      billing_address_id: 'adr-express',
      billing_address: {
        label: '88 Commerce Drive, Austin, TX 78701',
        line_1: '88 Commerce Drive',
        city: 'Austin',
        state: 'TX',
        code: '78701',
      },
      shipping_address: {
        label: '88 Commerce Drive, Austin, TX 78701',
        line_1: '88 Commerce Drive',
        city: 'Austin',
        state: 'TX',
        code: '78701',
      },
      details: { phone: '(512) 555-0120' },
      checkout_delivery_options_required: false,
      record: { identifier: 'MERCHANDISE' },
      // Single-page form, option C, product selection with an override list, banking optional.
      lease_program: {
        ...baseProgram,
        apply_form_version: 3,
        option_c_enabled: true,
        ocp_enabled: true,
        enable_product_selection: true,
        effective_product_selection_override: [
          { key: 'tv', name: 'Television' },
          { key: 'laptop', name: 'Laptop' },
          { key: 'appliance', name: 'Appliance' },
          { key: 'furniture', name: 'Furniture' },
        ],
        banking_required: false,
        sac_days: 100,
        sac_110_day: true,
      },
    },
  },
  {
    active: false,
    view: {
      id: 'sto-closed',
      slug: 'closed',
      name: 'Closed Outlet',
      label: 'Demo Electronics - Closed Outlet',
      rating: 15,
      brand: 'default',
      retailer: electronics,
      billing_address_id: 'adr-closed',
      billing_address: {
        label: '5 Old Mill Road, Dayton, OH 45402',
        line_1: '5 Old Mill Road',
        city: 'Dayton',
        state: 'OH',
        code: '45402',
      },
      shipping_address: {
        label: '5 Old Mill Road, Dayton, OH 45402',
        line_1: '5 Old Mill Road',
        city: 'Dayton',
        state: 'OH',
        code: '45402',
      },
      details: { phone: '(937) 555-0130' },
      checkout_delivery_options_required: false,
      record: { identifier: 'MERCHANDISE' },
      lease_program: { ...baseProgram },
    },
  },
  {
    active: true,
    view: {
      id: 'sto-hvac-central',
      slug: 'hvac-central',
      name: 'HVAC Central',
      label: 'Demo Comfort - HVAC Central',
      rating: 17,
      brand: 'second',
      retailer: comfort,
      billing_address_id: 'adr-hvac-central',
      billing_address: {
        label: '400 Peachtree Street, Atlanta, GA 30308',
        line_1: '400 Peachtree Street',
        city: 'Atlanta',
        state: 'GA',
        code: '30308',
      },
      shipping_address: {
        label: '400 Peachtree Street, Atlanta, GA 30308',
        line_1: '400 Peachtree Street',
        city: 'Atlanta',
        state: 'GA',
        code: '30308',
      },
      details: { phone: '(404) 555-0140' },
      checkout_delivery_options_required: false,
      record: { identifier: 'HVAC' },
      // HVAC with mortgage questions; HVAC hides OCP.
      lease_program: {
        ...baseProgram,
        mortgage_questions_enabled: true,
        ocp_enabled: false,
        identity_check_enabled: true,
        identity_check_step: 2,
      },
    },
  },
  {
    active: true,
    view: {
      id: 'sto-verified-outlet',
      slug: 'verified-outlet',
      name: 'Verified Outlet',
      label: 'Demo Comfort - Verified Outlet',
      rating: 15,
      brand: 'second',
      retailer: comfort,
      billing_address_id: 'adr-verified-outlet',
      billing_address: {
        label: '75 Spring Street, Atlanta, GA 30303',
        line_1: '75 Spring Street',
        city: 'Atlanta',
        state: 'GA',
        code: '30303',
      },
      shipping_address: {
        label: '75 Spring Street, Atlanta, GA 30303',
        line_1: '75 Spring Street',
        city: 'Atlanta',
        state: 'GA',
        code: '30303',
      },
      details: { phone: '(404) 555-0150' },
      checkout_delivery_options_required: false,
      record: { identifier: 'MERCHANDISE' },
      // Issue 7: the identity check at applicant info (identity-check step 1), bank link by SMS (send-by 1).
      lease_program: { ...baseProgram, identity_check_enabled: true, identity_check_step: 1, bank_link_send_by: 1 },
    },
  },
];
