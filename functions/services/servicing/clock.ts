import { addDays } from '../../../machines/domain/payment-frequency.ts';
import { getClockOffset, saveClockOffset } from '../../data/servicing.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';

// The lender's date: deps.clock() read in the lender's time zone, moved forward by the sandbox clock's offset (days,
// persisted in the table so a restart and every process see the same date). Outside the sandbox the offset is never
// written, so the lender's date is the calendar date in the lender's zone.

/** The lender's time zone: every account's close of business runs at midnight here (docs/decisions.md). */
export const LENDER_TIME_ZONE = 'America/New_York';

const CACHE_MS = 1_000;
const cached = new Map<string, { at: number; offsetDays: number }>();
// Counts the advances made in this process, by table: a read that was under way when an advance landed answered the
// old offset and must not fill the cache with it (a close started right after the advance would close no new day).
const advances = new Map<string, number>();

// One formatter per zone: building one costs about 0.5 ms, using it microseconds (the ledger export dates each entry).
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date ('YYYY-MM-DD') of an instant in a time zone. */
export function dateIn(now: Date, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export async function clockOffsetDays(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const hit = cached.get(deps.db.tableName);
  const real = Date.now();
  if (hit && real - hit.at < CACHE_MS) return hit.offsetDays;
  const advanced = advances.get(deps.db.tableName) ?? 0;
  const item = await getClockOffset(deps.db, deps.clock());
  const offsetDays = item?.offsetDays ?? 0;
  if ((advances.get(deps.db.tableName) ?? 0) === advanced) cached.set(deps.db.tableName, { at: real, offsetDays });
  return offsetDays;
}

/** The lender's date today (sandbox offset included). */
export async function lenderToday(deps: Pick<Deps, 'db' | 'clock'>): Promise<string> {
  return addDays(dateIn(deps.clock(), LENDER_TIME_ZONE), await clockOffsetDays(deps));
}

/** An instant on the lender's clock (the offset applied), for ledger entries' times. */
export async function lenderNow(deps: Pick<Deps, 'db' | 'clock'>): Promise<Date> {
  return new Date(deps.clock().getTime() + (await clockOffsetDays(deps)) * 86_400_000);
}

export interface ClockState {
  today: string;
  offsetDays: number;
  closedThrough: string | null;
}

export async function readClock(deps: Pick<Deps, 'db' | 'clock'>): Promise<ClockState> {
  const item = await getClockOffset(deps.db, deps.clock());
  const offsetDays = item?.offsetDays ?? 0;
  return {
    today: addDays(dateIn(deps.clock(), LENDER_TIME_ZONE), offsetDays),
    offsetDays,
    closedThrough: item?.closedThrough ?? null,
  };
}

/**
 * The clock item is one record every close and every advance writes (versioned). A write that lost the race is done
 * again on what is there now: an advance adds its days to the other's, a close mark keeps the later date, so two
 * concurrent requests both count instead of one failing with a 409.
 */
async function retryOnConflict<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 409) || attempt >= 8) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 10));
    }
  }
}

/** Moves the offset forward; concurrent advances all count (retryOnConflict). */
export async function advanceOffset(deps: Pick<Deps, 'db' | 'clock'>, days: number): Promise<ClockState> {
  await retryOnConflict(async () => {
    const item = await getClockOffset(deps.db, deps.clock());
    const offsetDays = (item?.offsetDays ?? 0) + days;
    // On a book never closed, the days jumped over still close: from the lender's today before the jump.
    const closedThrough =
      item?.closedThrough ?? addDays(dateIn(deps.clock(), LENDER_TIME_ZONE), (item?.offsetDays ?? 0) - 1);
    await saveClockOffset(deps.db, item, offsetDays, closedThrough);
  });
  advances.set(deps.db.tableName, (advances.get(deps.db.tableName) ?? 0) + 1);
  cached.delete(deps.db.tableName);
  return { ...(await readClock(deps)) };
}

/** Records the last lender date whose close of business completed. */
export async function markClosedThrough(deps: Pick<Deps, 'db' | 'clock'>, date: string): Promise<void> {
  await retryOnConflict(async () => {
    const item = await getClockOffset(deps.db, deps.clock());
    if (item?.closedThrough && item.closedThrough >= date) return;
    await saveClockOffset(deps.db, item, item?.offsetDays ?? 0, date);
  });
}
