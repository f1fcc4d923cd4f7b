import type { Db } from '../data/client.ts';
import type { Providers } from '../providers/providers.ts';
import type { BusinessMetrics } from './business-metrics.ts';
import type { Config } from './config.ts';
import type { FieldCrypto } from './field-crypto.ts';
import type { Logger } from './logger.ts';
import type { ShopperShellSource } from './shopper-shell.ts';

export type Clock = () => Date;

/** What handlers and services are given; built once per process (Lambda cold start, or `npm start`). */
export interface Deps {
  config: Config;
  db: Db;
  crypto: FieldCrypto;
  clock: Clock;
  log: Logger;
  providers: Providers;
  /** Business metrics (CloudWatch EMF in Lambda); none locally. */
  metrics?: BusinessMetrics;
  /** The shopper portal's HTML shell for the embed page: the web build locally, the site's index.html in AWS. */
  shopperShell?: ShopperShellSource;
}
