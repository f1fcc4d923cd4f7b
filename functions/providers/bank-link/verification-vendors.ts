import type { Db } from '../../data/client.ts';
import type { Config } from '../../platform/config.ts';
import type { FieldCrypto } from '../../platform/field-crypto.ts';
import type { Logger } from '../../platform/logger.ts';
import { argylePayroll } from '../payroll/argyle.ts';
import { createPayrollSandbox } from '../payroll/sandbox.ts';
import type { PayrollPort } from '../payroll/port.ts';
import { personaIdentity } from '../identity/persona.ts';
import { createIdentitySandbox } from '../identity/sandbox.ts';
import type { IdentityCheckPort } from '../identity/port.ts';
import type { MessagingPort } from '../messaging/port.ts';
import { plaidBankLink } from './plaid.ts';
import type { BankLinkPort } from './port.ts';
import { createBankLinkSandbox } from './sandbox.ts';
import { tableStateStore } from './table-state.ts';

export interface VerificationVendorContext {
  config: Config;
  db: Db;
  clock: () => Date;
  crypto: FieldCrypto;
  log: Logger;
}

export interface VerificationPorts {
  bankLink: BankLinkPort;
  identity: IdentityCheckPort;
  payroll: PayrollPort;
}

/** The sandboxes' shared options (also used by the sandbox pages, which run the vendor's side). */
export function sandboxOptions(ctx: VerificationVendorContext, messaging: MessagingPort) {
  const vendors = ctx.config.verificationVendors;
  return {
    db: ctx.db,
    clock: ctx.clock,
    messaging,
    // Read at call time: the local server sets publicUrl once it knows its port.
    publicUrl: () => ctx.config.publicUrl,
    latency: vendors.sandboxLatency,
    log: ctx.log,
    secrets: { bankLink: vendors.bankLink.webhookSecret, identity: vendors.identity.webhookSecret, payroll: vendors.payroll.webhookSecret },
  };
}

/** Bank link, identity check and payroll ports: a real vendor when configured, else the sandbox. */
export function verificationPorts(ctx: VerificationVendorContext, messaging: MessagingPort): VerificationPorts {
  const vendors = ctx.config.verificationVendors;
  const { secrets, ...base } = sandboxOptions(ctx, messaging);
  const plaid = vendors.bankLink.provider === 'plaid' ? vendors.bankLink.plaid : undefined;
  const persona = vendors.identity.provider === 'persona' ? vendors.identity.persona : undefined;
  const argyle = vendors.payroll.provider === 'argyle' ? vendors.payroll.argyle : undefined;
  return {
    bankLink: plaid
      ? plaidBankLink({
          ...plaid,
          webhookUrl: () => `${ctx.config.publicUrl}/webhooks/bank-link`,
          state: tableStateStore(ctx.db, ctx.clock, 'plaid'),
          messaging,
          encrypt: (s) => ctx.crypto.encrypt(s),
          decrypt: (s) => ctx.crypto.decrypt(s),
        })
      : createBankLinkSandbox({ ...base, webhookSecret: secrets.bankLink }).port,
    identity: persona
      ? personaIdentity({ ...persona, webhookSecret: vendors.identity.webhookSecret, messaging })
      : createIdentitySandbox({ ...base, webhookSecret: secrets.identity }).port,
    payroll: argyle
      ? argylePayroll({ ...argyle, webhookSecret: vendors.payroll.webhookSecret, clock: ctx.clock })
      : createPayrollSandbox({ ...base, webhookSecret: secrets.payroll }).port,
  };
}

/** Adds the verification ports to the other providers (functions/platform/create-deps.ts). */
export function withVerificationVendors<P extends { messaging: MessagingPort }>(ctx: VerificationVendorContext, providers: P): P & VerificationPorts {
  return { ...providers, ...verificationPorts(ctx, providers.messaging) };
}
