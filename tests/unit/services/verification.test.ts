import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_SCORING_SETTINGS } from '../../../machines/domain/scoring-settings.ts';
import { applicationKey } from '../../../functions/data/applications.ts';
import { seedScoringSettings } from '../../../functions/data/scoring-settings.ts';
import { putStore } from '../../../functions/data/stores.ts';
import type { ApplySession } from '../../../functions/http/route.ts';
import { DEMO_STORES } from '../../../functions/local/demo-data.ts';
import type { Deps } from '../../../functions/platform/deps.ts';
import { AppError } from '../../../functions/platform/errors.ts';
import type { OutgoingMessage } from '../../../functions/providers/messaging/port.ts';
import { saveApplicationSections } from '../../../functions/services/applications.ts';
import { submitApplication } from '../../../functions/services/decision.ts';
import { fillApplication } from '../../../functions/services/fill.ts';
import { loadScoringSettings, replaceScoringSettings } from '../../../functions/services/scoring.ts';
import { confirmPin, sendPin } from '../../../functions/services/verification.ts';
import { applySessionAt, serviceDeps } from '../../support/service-deps.ts';

// The PIN's time rules with a fake clock, against dynalite: a code expires 10 minutes after it was sent, and the
// send limit (3 per 15 minutes) frees up as sends leave the window.

let stop: () => Promise<void>;
let deps: Deps;
let nowMs = Date.parse('2025-06-02T15:00:00.000Z');
const outbox: OutgoingMessage[] = [];
const store = DEMO_STORES.find((s) => s.view.slug === 'main-street')!.view;

beforeAll(async () => {
  ({ deps, stop } = await serviceDeps(outbox, () => new Date(nowMs)));
  await putStore(deps.db, { view: store, active: true });
  await seedScoringSettings(deps.db, DEFAULT_SCORING_SETTINGS, new Date(nowMs));
}, 60_000);

afterAll(async () => stop?.());

async function newShopper(): Promise<{ session: ApplySession; uuid: string; email: string }> {
  const session = await applySessionAt(deps.db, store, new Date(nowMs));
  const body = fillApplication('a-and-b', store, new Date(nowMs));
  const saved = await saveApplicationSections(deps, session, body, undefined);
  return {
    session: { ...session, applicationUuid: saved.uuid },
    uuid: saved.uuid,
    email: body.applicant!.email!,
  };
}

const lastCode = () => /\b(\d{5})\b/.exec(outbox[outbox.length - 1]!.body)![1]!;
const confirm = (s: ApplySession, uuid: string, code: string) =>
  confirmPin(deps, s, { uuid, store_id: store.id, code }, 'en');
const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a failure');
};

describe('PIN timing (fake clock)', () => {
  it('a code is valid for 10 minutes: at 9:59 it works, at 10:00 it has expired', async () => {
    const a = await newShopper();
    await sendPin(deps, a.session, { uuid: a.uuid, mode: 'email' }, 'en');
    const codeA = lastCode();
    nowMs += 10 * 60_000;
    const expired = await failure(confirm(a.session, a.uuid, codeA));
    expect(expired.statusCode).toBe(422);
    expect(expired.message).toBe('pin.failed');

    const b = await newShopper();
    await sendPin(deps, b.session, { uuid: b.uuid, mode: 'email' }, 'en');
    const codeB = lastCode();
    nowMs += 10 * 60_000 - 1_000;
    expect((await confirm(b.session, b.uuid, codeB)).verified).toBe(true);
  });

  it('3 sends per 15 minutes: the 4th is refused until the oldest send leaves the window', async () => {
    const a = await newShopper();
    for (let i = 0; i < 3; i++) {
      await sendPin(deps, a.session, { uuid: a.uuid, mode: 'email' }, 'en');
      nowMs += 60_000;
    }
    const refused = await failure(sendPin(deps, a.session, { uuid: a.uuid, mode: 'email' }, 'en'));
    expect(refused.statusCode).toBe(429);
    expect(refused.message).toBe('Too many PINs were requested. Please wait 12 minutes and try again.');
    nowMs += 12 * 60_000; // the first send was 15 minutes ago
    expect((await sendPin(deps, a.session, { uuid: a.uuid, mode: 'email' }, 'en')).sends_left).toBe(0);
  });

  it('keeps only sha256(salt:code) on the aggregate', async () => {
    const a = await newShopper();
    await sendPin(deps, a.session, { uuid: a.uuid, mode: 'email' }, 'en');
    const code = lastCode();
    const item = (await deps.db.doc.send(new GetCommand({ TableName: deps.db.tableName, Key: applicationKey(a.uuid) })))
      .Item!;
    const pin = item.meta.flows.pin;
    expect(pin.codeHash).toBe(createHash('sha256').update(`${pin.salt}:${code}`).digest('hex'));
    expect(JSON.stringify(item)).not.toMatch(new RegExp(`"${code}"|[^0-9a-f]${code}[^0-9a-f]`));
  });
});

describe('scoring settings read by the decision', () => {
  it('a replaced setting decides the next application at once (the cache is cleared on save)', async () => {
    expect((await loadScoringSettings(deps)).version).toBe(DEFAULT_SCORING_SETTINGS.version);
    const a = await newShopper();
    await sendPin(deps, a.session, { uuid: a.uuid, mode: 'email' }, 'en');
    await confirm(a.session, a.uuid, lastCode());
    await replaceScoringSettings(
      deps,
      {
        ...DEFAULT_SCORING_SETTINGS,
        version: 'unit-no-b',
        optionDeciles: { ...DEFAULT_SCORING_SETTINGS.optionDeciles, B: { min: 1, max: 1 } },
      },
      'unit',
    );
    const { result } = await submitApplication(deps, a.session, { uuid: a.uuid }, 'en');
    expect(result.offerAmounts.B).toBe('0.00');
    expect(Number(result.offerAmounts.A)).toBeGreaterThan(0);
    await replaceScoringSettings(deps, DEFAULT_SCORING_SETTINGS, 'unit');
  });

  it('refuses invalid settings with the problems by path', async () => {
    const error = await failure(replaceScoringSettings(deps, { ...DEFAULT_SCORING_SETTINGS, floorCents: -1 }, 'unit'));
    expect(error.statusCode).toBe(422);
    expect(Object.keys(error.errors ?? {})).toContain('settings.floorCents');
  });
});
