import { sandboxOptions } from '../bank-link/verification-vendors.ts';
import { providerFactory } from '../wiring.ts';
import { argylePayroll } from './argyle.ts';
import { createPayrollSandbox } from './sandbox.ts';

/** Payroll connection: Argyle when PAYROLL_PROVIDER=argyle, else the sandbox. */
export const payrollProvider = providerFactory<'payroll'>(
  (ctx) => {
    const vendor = ctx.config.verificationVendors.payroll;
    if (vendor.provider === 'argyle' && vendor.argyle) {
      return argylePayroll({ ...vendor.argyle, webhookSecret: vendor.webhookSecret, clock: ctx.clock });
    }
    const { secrets, ...base } = sandboxOptions(ctx, ctx.providers.messaging);
    return createPayrollSandbox({ ...base, webhookSecret: secrets.payroll }).port;
  },
  ['messaging'],
);
