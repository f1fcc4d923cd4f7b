// The two visual brands of seed 000. Phone numbers use the 555-01xx range reserved for fiction.
export type BrandKey = 'default' | 'second';
export const BRAND_KEYS: readonly BrandKey[] = ['default', 'second'];

export interface Brand {
  key: BrandKey;
  name: string;
  /** Customer service line shown on denials and general help. */
  phone: string;
  /** The line for shoppers with a contract in progress (seed 000: the lines differ). */
  inProgressPhone: string;
  homeUrl: string;
}

export const BRANDS: Record<BrandKey, Brand> = {
  default: {
    key: 'default',
    name: 'Keystone Lease-to-Own',
    phone: '(800) 555-0142',
    inProgressPhone: '(800) 555-0143',
    homeUrl: 'https://keystone-lease.example',
  },
  second: {
    key: 'second',
    name: 'Harbor Rent-to-Own',
    phone: '(888) 555-0178',
    inProgressPhone: '(888) 555-0179',
    homeUrl: 'https://harbor-rent.example',
  },
};

export const isBrandKey = (value: unknown): value is BrandKey => value === 'default' || value === 'second';
