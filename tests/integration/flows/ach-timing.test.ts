import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredApplication } from '../../../machines/contracts/application.ts';
import { createApplication, getApplication } from '../../../functions/data/applications.ts';
import { putRetailer, putStore } from '../../../functions/data/stores.ts';
import { DEMO_RETAILERS, DEMO_STORES } from '../../../functions/local/demo-data.ts';
import type { ApplySession } from '../../../functions/http/route.ts';
import { loadConfig } from '../../../functions/platform/config.ts';
import { createDeps } from '../../../functions/platform/create-deps.ts';
import type { Deps } from '../../../functions/platform/deps.ts';
import { FieldCrypto, masterKeyProvider } from '../../../functions/platform/field-crypto.ts';
import { createLogger } from '../../../functions/platform/logger.ts';
import { createBankLinkSandbox } from '../../../functions/providers/bank-link/sandbox.ts';
import { sandboxMessaging } from '../../../functions/providers/messaging/sandbox.ts';
import {
  checkBankProfile,
  fetchAchNumbers,
  fetchBankAccounts,
  sendBankLink,
} from '../../../functions/services/bank-link.ts';
import { persistedFlowOf } from '../../../functions/services/flow-runtime.ts';
import { freshDb } from '../../support/dynalite.ts';

// The bank link's timings on the server, with a fake clock (no 30 s of wall clock): the flow's timers are kept with
// the persisted snapshot and fire when the flow is next loaded. The Slow ACH Bank keeps ACH numbers pending for 40 s.

let deps: Deps;
let stop: () => Promise<void>;
let nowMs = Date.parse('2026-11-21T15:00:00Z');
const advance = (seconds: number) => (nowMs += seconds * 1000);

beforeAll(async () => {
  const fresh = await freshDb();
  stop = fresh.stop;
  const clock = () => new Date(nowMs);
  const config = loadConfig({
    STAGE: 'local',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lto-ach-')),
    SANDBOX_LATENCY: 'off',
    PUBLIC_URL: 'http://127.0.0.1:9',
  });
  // Callbacks go nowhere here (nothing listens): the shopper's own polling drives the flow.
  deps = createDeps(config, {
    db: fresh.db,
    clock,
    crypto: new FieldCrypto(masterKeyProvider(randomBytes(32))),
    log: createLogger('silent'),
  });
  for (const retailer of DEMO_RETAILERS) await putRetailer(deps.db, retailer);
  for (const store of DEMO_STORES) await putStore(deps.db, store);
});
afterAll(async () => stop?.());

async function newApplication(): Promise<ApplySession> {
  const data = {
    applicant: {
      first_name: 'Ada',
      last_name: 'Slow',
      cell: '5552013344',
      email: `ada.${Date.now()}@example.com`,
      date_of_birth: '1990-01-01',
      social_security_number: '212710042',
    },
  } as unknown as Omit<StoredApplication, 'uuid'>;
  const record = await createApplication(
    deps.db,
    deps.crypto,
    { storeId: 'sto-main-street', retailerId: 'ret-demo-electronics', clientId: 'client-ach-test' },
    data,
    new Date(nowMs),
    () => [],
  );
  return {
    tokenHash: 'test',
    storeId: 'sto-main-street',
    retailerId: 'ret-demo-electronics',
    storeSlug: 'main-street',
    retailerSlug: 'demo-electronics',
    clientId: 'client-ach-test',
    applicationUuid: record.uuid,
  };
}

async function connectSlowBank(session: ApplySession) {
  const sandbox = createBankLinkSandbox({
    db: deps.db,
    clock: deps.clock,
    messaging: sandboxMessaging(deps.db, deps.clock),
    publicUrl: () => 'http://127.0.0.1:9',
    webhookSecret: 'unused',
    latency: false,
  });
  const flow = persistedFlowOf(
    (await getApplication(deps.db, deps.crypto, session.applicationUuid!, new Date(nowMs)))!,
    'bank-link',
  );
  const linkSession = await sandbox.pages.loadSession(flow!.refs.session!);
  const chosen = await sandbox.pages.chooseInstitution(linkSession!, 'slow-ach');
  expect(await sandbox.pages.login(chosen!, 'user_good', 'pass_good')).toBeUndefined();
  const loggedIn = await sandbox.pages.loadSession(flow!.refs.session!);
  const connected = await sandbox.pages.connect(loggedIn!, ['checking']);
  expect(connected).toHaveProperty('profileId');
}

describe('bank link timings on the server (fake clock)', () => {
  it('polls the profile, then fails the ACH numbers after 30 s naming the last 4, and succeeds when chosen again later', async () => {
    const session = await newApplication();
    const uuid = session.applicationUuid!;
    expect((await sendBankLink(deps, session, uuid)).sent).toBe(true);
    expect(await checkBankProfile(deps, session, uuid)).toEqual({ profileFound: false, profileId: null });

    await connectSlowBank(session);
    const profile = await checkBankProfile(deps, session, uuid);
    expect(profile.profileFound).toBe(true);
    const { accounts } = await fetchBankAccounts(deps, session, profile.profileId!);
    expect(accounts).toHaveLength(1);
    const account = accounts[0]!;

    // The only account: its 30-second window started with the accounts.
    let ach = await fetchAchNumbers(deps, session, account.id, 'en');
    expect(ach).toMatchObject({ achNumbers: null, pending: true, failed: false, secondsLeft: 30 });
    advance(1);
    // Faster than the 2-second poll: the bank is not asked, the answer is still pending.
    expect(await fetchAchNumbers(deps, session, account.id, 'en')).toMatchObject({ pending: true, secondsLeft: 29 });
    advance(19);
    expect(await fetchAchNumbers(deps, session, account.id, 'en')).toMatchObject({ pending: true, secondsLeft: 10 });

    advance(11); // 31 s after the window opened
    ach = await fetchAchNumbers(deps, session, account.id, 'en');
    expect(ach.failed).toBe(true);
    expect(ach.message).toBe(
      `Failed to get ACH numbers for the account ending: ****${account.mask}. Please try selecting this account again after a moment, try choosing a different account or contact support. You can also enter the details manually.`,
    );
    const record = await getApplication(deps.db, deps.crypto, uuid, new Date(nowMs));
    expect(persistedFlowOf(record!, 'bank-link')!.snapshot.value).toEqual({ flow: { connected: 'achFailed' } });
    expect(persistedFlowOf(record!, 'bank-link')!.snapshot.context).toMatchObject({
      notice: { key: 'bank.ach.failed', params: { last4: account.mask } },
    });

    // Choosing the account again opens a new window; 40 s after connecting the numbers are there.
    advance(2);
    expect(await fetchAchNumbers(deps, session, account.id, 'en')).toMatchObject({ pending: true, secondsLeft: 30 });
    advance(8);
    ach = await fetchAchNumbers(deps, session, account.id, 'en');
    expect(ach.achNumbers?.accountId).toBe(account.id);
    expect(ach.achNumbers?.number.endsWith(account.mask)).toBe(true);

    const linked = await getApplication(deps.db, deps.crypto, uuid, new Date(nowMs));
    expect(linked!.data.banking).toMatchObject({
      bank_link_used: true,
      bank_link_account_id: account.id,
      bank_link_profile_id: profile.profileId,
      checking_account: ach.achNumbers!.number,
    });
    const flow = persistedFlowOf(linked!, 'bank-link')!;
    expect(flow.snapshot.status).toBe('done');
    // The full account number is not kept in the snapshot.
    expect(JSON.stringify(flow)).not.toContain(ach.achNumbers!.number);
  });

  it('refuses a profile check before any link was sent (409)', async () => {
    const session = await newApplication();
    const uuid = session.applicationUuid!;
    await expect(checkBankProfile(deps, session, uuid)).rejects.toMatchObject({ statusCode: 409 });
  });
});
