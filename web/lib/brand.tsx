import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { BRANDS, isBrandKey, type Brand, type BrandKey } from '../../machines/domain/brands.ts';

// The visual brand: the current store's `brand`, or `?brand=second` when no store is known yet, else the default.
// The key is mirrored on <html data-brand> so that base.css switches the theme.

interface BrandValue {
  brand: Brand;
  setBrandKey: (key: BrandKey) => void;
}

const BrandContext = createContext<BrandValue | null>(null);

export function brandFromQuery(search: string): BrandKey {
  const key = new URLSearchParams(search).get('brand');
  return isBrandKey(key) ? key : 'default';
}

export function BrandProvider({ initial, children }: { initial: BrandKey; children: ReactNode }) {
  const [chosen, setBrandKey] = useState<BrandKey>(initial);
  const key: BrandKey = isBrandKey(chosen) ? chosen : 'default';
  useEffect(() => {
    document.documentElement.dataset.brand = key;
  }, [key]);
  const value = useMemo(() => ({ brand: BRANDS[key], setBrandKey }), [key]);
  return <BrandContext.Provider value={value}>{children}</BrandContext.Provider>;
}

export function useBrand(): BrandValue {
  const value = useContext(BrandContext);
  if (!value) throw new Error('useBrand needs a <BrandProvider> above it');
  return value;
}
