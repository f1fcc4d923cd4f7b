import * as z from 'zod/mini';
import { translate } from '../../machines/i18n/catalogue.ts';
import { achProvider } from '../providers/ach/provider.ts';
import { cardVaultProvider } from '../providers/card-vault/provider.ts';
import { unprocessable } from '../platform/errors.ts';
import { ok } from '../platform/response.ts';
import { closeDaysPassed } from '../services/servicing/collection.ts';
import { advanceOffset, readClock } from '../services/servicing/clock.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import type { HandlerMap } from './route.ts';

// Route group 'servicing': the sandbox clock (not in production). GET tells the lender's date; POST moves it forward
// by `advance_days` and runs the close of business of every day passed (0 runs the days not closed yet, on demand).

const advanceBody = z.object({ advance_days: z.number() });

export const handlers: HandlerMap = {
  async sandboxClock(_ctx, deps) {
    const clock = await readClock(deps);
    return ok({ today: clock.today, offset_days: clock.offsetDays, closed_through: clock.closedThrough });
  },

  async sandboxClockAdvance(ctx, deps) {
    let raw: unknown;
    try {
      raw = JSON.parse(ctx.event.body ?? '');
    } catch {
      raw = undefined;
    }
    const parsed = advanceBody.safeParse(raw);
    const days = parsed.success ? parsed.data.advance_days : NaN;
    if (!Number.isInteger(days) || days < 0 || days > 400) {
      const message = translate(ctx.lang, 'servicing.clock.range');
      throw unprocessable({ advance_days: [message] }, message);
    }
    if (days > 0) await advanceOffset(deps, days);
    const closed = await closeDaysPassed(deps);
    const clock = await readClock(deps);
    return ok({
      today: clock.today,
      offset_days: clock.offsetDays,
      closed_through: clock.closedThrough,
      closed: closed.map((c) => ({
        date: c.date,
        due: c.due,
        charged: c.charged,
        succeeded: c.succeeded,
        failed: c.failed,
        late_fees: c.lateFees,
        errors: c.errors,
      })),
    });
  },
};

export const handler = lambdaHandler(handlers, lambdaDeps({ cardVault: cardVaultProvider, ach: achProvider }));
