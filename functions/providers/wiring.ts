import type { Db } from '../data/client.ts';
import type { Config } from '../platform/config.ts';
import type { FieldCrypto } from '../platform/field-crypto.ts';
import type { Logger } from '../platform/logger.ts';
import type { Providers } from './providers.ts';

// How third parties are wired into a process. Each port has a provider module (functions/providers/<port>/provider.ts)
// that picks the real vendor or the sandbox from the config; a Lambda function imports only the provider modules its
// route group names (functions/http/<group>.ts: `lambdaDeps({ ... })`), so no other vendor's code is in its bundle.
// Providers are built on first use and kept for the life of the process.

export type ProviderKey = keyof Providers;

/** Every port, in the order of the Providers interface (checked against it below). */
export const PROVIDER_KEYS = [
  'messaging',
  'routing',
  'addresses',
  'bureau',
  'bankLink',
  'identity',
  'payroll',
  'esign',
  'cardVault',
  'retailPartner',
  'blobs',
  'ach',
] as const satisfies readonly ProviderKey[];
type Missing = Exclude<ProviderKey, (typeof PROVIDER_KEYS)[number]>;
const everyKeyListed: [Missing] extends [never] ? true : Missing = true;
void everyKeyListed;

/** What a provider is built from: the process's dependencies, and the other providers of the same set. */
export interface ProviderContext {
  config: Config;
  db: Db;
  clock: () => Date;
  crypto: FieldCrypto;
  log: Logger;
  providers: Providers;
}

export interface ProviderFactory<K extends ProviderKey> {
  (ctx: ProviderContext): Providers[K];
  /** Other providers this one is built on (the set must name them too). */
  readonly needs: readonly ProviderKey[];
}

/** A route group's third parties: port name -> provider module. */
export type ProviderFactories = { readonly [K in ProviderKey]?: ProviderFactory<K> };

export function providerFactory<K extends ProviderKey>(
  build: (ctx: ProviderContext) => Providers[K],
  needs: readonly ProviderKey[] = [],
): ProviderFactory<K> {
  return Object.assign(build, { needs });
}

/** Throws when a provider of the set is built on one the set does not name (checked when the group module loads). */
export function checkProviderFactories(factories: ProviderFactories, where: string): void {
  for (const [key, factory] of Object.entries(factories) as [ProviderKey, ProviderFactory<ProviderKey>][]) {
    const missing = factory.needs.filter((need) => !(need in factories));
    if (missing.length > 0)
      throw new Error(`${where}: provider '${key}' needs ${missing.map((m) => `'${m}'`).join(', ')} in the same set`);
  }
}

const notWired = (key: ProviderKey, where: string) =>
  new Error(
    `The '${key}' provider is not wired into ${where}: add its provider module to the group's lambdaDeps({ ... })`,
  );

/** Providers built on first use from the given factories; a port that is not in the set throws when touched. */
export function lazyProviders(
  base: Omit<ProviderContext, 'providers'>,
  factories: ProviderFactories,
  where = 'this function',
): Providers {
  checkProviderFactories(factories, where);
  const providers = {} as Providers;
  const ctx: ProviderContext = { ...base, providers };
  for (const key of PROVIDER_KEYS) {
    const factory = factories[key] as ProviderFactory<typeof key> | undefined;
    let built: Providers[typeof key] | undefined;
    Object.defineProperty(providers, key, {
      enumerable: factory !== undefined,
      get: () => {
        if (!factory) throw notWired(key, where);
        return (built ??= factory(ctx));
      },
    });
  }
  return providers;
}

const scopedViews = new WeakMap<Providers, Map<string, Providers>>();

/**
 * The same providers seen through a route group's set: the ports it names, the others throw as they would in its
 * Lambda function. The local server and the tests call handlers this way, so a missing port shows up there.
 */
export function scopedProviders(providers: Providers, keys: readonly ProviderKey[], where: string): Providers {
  const id = `${where}\u0000${[...keys].sort().join(',')}`;
  let views = scopedViews.get(providers);
  if (!views) scopedViews.set(providers, (views = new Map()));
  const cached = views.get(id);
  if (cached) return cached;
  const view = {} as Providers;
  for (const key of PROVIDER_KEYS) {
    const allowed = keys.includes(key);
    Object.defineProperty(view, key, {
      enumerable: allowed,
      get: () => {
        if (!allowed) throw notWired(key, where);
        return providers[key];
      },
    });
  }
  views.set(id, view);
  return view;
}
