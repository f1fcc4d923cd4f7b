import { DEFAULT_LEASE_PROGRAM, type LeaseProgram, type StoreView } from '../../machines/contracts/store.ts';
import type { BrandKey } from '../../machines/domain/brands.ts';
import type { RetailerRecord } from '../data/stores.ts';

// The demo data of ARCHITECTURE.md. Ids and slugs are stable: tests, the demo retailer page and docs rely on them.

const baseProgram: LeaseProgram = DEFAULT_LEASE_PROGRAM;

export const DEMO_RETAILERS: RetailerRecord[] = [
  { id: 'ret-demo-electronics', slug: 'demo-electronics', name: 'Demo Electronics', active: true, brand: 'default' },
  { id: 'ret-demo-comfort', slug: 'demo-comfort', name: 'Demo Comfort Heating & Air', active: true, brand: 'second' },
];

/** A demo retailer as its stores show it: the stores' labels use its short name, and they carry its brand. */
interface DemoRetailer {
  ref: StoreView['retailer'];
  shortName: string;
  brand: BrandKey;
}

const electronics: DemoRetailer = {
  ref: { id: 'ret-demo-electronics', slug: 'demo-electronics', name: 'Demo Electronics' },
  shortName: 'Demo Electronics',
  brand: 'default',
};
const comfort: DemoRetailer = {
  ref: { id: 'ret-demo-comfort', slug: 'demo-comfort', name: 'Demo Comfort Heating & Air' },
  shortName: 'Demo Comfort',
  brand: 'second',
};

interface DemoStore {
  active: boolean;
  slug: string;
  name: string;
  retailer: DemoRetailer;
  rating: number;
  street: string;
  city: string;
  state: string;
  code: string;
  phone: string;
  deliveryOptionsRequired: boolean;
  identifier: string;
  leaseProgram: LeaseProgram;
}

/** A demo store ships from its billing address; its id, address id and label follow from its slug and name. */
function demoStore(store: DemoStore): { view: StoreView; active: boolean } {
  const { slug, name, retailer, street, city, state, code } = store;
  const address = () => ({ label: `${street}, ${city}, ${state} ${code}`, line_1: street, city, state, code });
  return {
    active: store.active,
    view: {
      id: `sto-${slug}`,
      slug,
      name,
      label: `${retailer.shortName} - ${name}`,
      rating: store.rating,
      brand: retailer.brand,
      retailer: retailer.ref,
      billing_address_id: `adr-${slug}`,
      billing_address: address(),
      shipping_address: address(),
      details: { phone: store.phone },
      checkout_delivery_options_required: store.deliveryOptionsRequired,
      record: { identifier: store.identifier },
      lease_program: store.leaseProgram,
    },
  };
}

export const DEMO_STORES: { view: StoreView; active: boolean }[] = [
  demoStore({
    active: true,
    slug: 'main-street',
    name: 'Main Street',
    retailer: electronics,
    rating: 15,
    street: '120 Main Street',
    city: 'Columbus',
    state: 'OH',
    code: '43215',
    phone: '(614) 555-0110',
    deliveryOptionsRequired: true,
    identifier: 'MERCHANDISE',
    // Merchandise store, wizard form, OCP enabled, banking required.
    leaseProgram: { ...baseProgram, ocp_enabled: true, apply_form_version: 2, banking_required: true },
  }),
  demoStore({
    active: true,
    slug: 'express',
    name: 'Express',
    retailer: electronics,
    rating: 17,
    street: '88 Commerce Drive',
    city: 'Austin',
    state: 'TX',
    code: '78701',
    phone: '(512) 555-0120',
    deliveryOptionsRequired: false,
    identifier: 'MERCHANDISE',
    // Single-page form, option C, product selection with an override list, banking optional.
    leaseProgram: {
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
  }),
  demoStore({
    active: false,
    slug: 'closed',
    name: 'Closed Outlet',
    retailer: electronics,
    rating: 15,
    street: '5 Old Mill Road',
    city: 'Dayton',
    state: 'OH',
    code: '45402',
    phone: '(937) 555-0130',
    deliveryOptionsRequired: false,
    identifier: 'MERCHANDISE',
    leaseProgram: { ...baseProgram },
  }),
  demoStore({
    active: true,
    slug: 'hvac-central',
    name: 'HVAC Central',
    retailer: comfort,
    rating: 17,
    street: '400 Peachtree Street',
    city: 'Atlanta',
    state: 'GA',
    code: '30308',
    phone: '(404) 555-0140',
    deliveryOptionsRequired: false,
    identifier: 'HVAC',
    // HVAC with mortgage questions; HVAC hides OCP.
    leaseProgram: {
      ...baseProgram,
      mortgage_questions_enabled: true,
      ocp_enabled: false,
      identity_check_enabled: true,
      identity_check_step: 2,
    },
  }),
  demoStore({
    active: true,
    slug: 'verified-outlet',
    name: 'Verified Outlet',
    retailer: comfort,
    rating: 15,
    street: '75 Spring Street',
    city: 'Atlanta',
    state: 'GA',
    code: '30303',
    phone: '(404) 555-0150',
    deliveryOptionsRequired: false,
    identifier: 'MERCHANDISE',
    // Issue 7: the identity check at applicant info (identity-check step 1), bank link by SMS (send-by 1).
    leaseProgram: { ...baseProgram, identity_check_enabled: true, identity_check_step: 1, bank_link_send_by: 1 },
  }),
];
