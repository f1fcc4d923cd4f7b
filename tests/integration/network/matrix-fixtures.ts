import type { StaffClient } from '../staff/client.ts';
import { UploadingClient } from '../underwriting/import-support.ts';
import { newDraft, PDF, postJson, signupBody, freshIp } from './support.ts';

// The 'allowed' fixtures of the merchant network's staff routes (functions/http/staff-network.ts) for
// tests/integration/staff/matrix.test.ts, and the other tenant's records for its tenant case.
type Fixture = { params?: Record<string, string>; body?: unknown; client?: StaffClient };

export async function freshStoreApplication(): Promise<string> {
  const ip = freshIp();
  const res = await postJson('/public/signup', signupBody(await newDraft(ip)), ip);
  if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

export async function freshOAuthClient(admin: StaffClient, retailer = 'ret-demo-electronics'): Promise<string> {
  const res = await admin.post('/staff/api/oauth-clients', { name: 'Matrix client', retailer_id: retailer });
  if (res.status !== 200) throw new Error(`oauth client: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

async function freshFile(admin: StaffClient) {
  const res = await new UploadingClient(admin, async () => ({ bytes: PDF, name: 'matrix.pdf' })).call(
    'POST',
    '/staff/api/files',
  );
  if (res.status !== 200) throw new Error(`file: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; token: string };
}

export function networkFixtures(admin: () => StaffClient): Record<string, () => Promise<Fixture>> {
  return {
    staffStoreApplicationsList: async () => ({}),
    staffStoreApplicationsShow: async () => ({ params: { id: await freshStoreApplication() } }),
    staffStoreApplicationsApprove: async () => ({ params: { id: await freshStoreApplication() } }),
    staffStoreApplicationsDecline: async () => ({ params: { id: await freshStoreApplication() } }),
    staffStoreApplicationsClean: async () => ({ params: { id: await freshStoreApplication() } }),
    staffOAuthClientsList: async () => ({}),
    staffOAuthClientsCreate: async () => ({ body: { name: 'Matrix client', retailer_id: 'ret-demo-electronics' } }),
    staffOAuthClientsDelete: async () => ({ params: { id: await freshOAuthClient(admin()) } }),
    staffFilesUpload: async () => ({
      client: new UploadingClient(admin(), async () => ({ bytes: PDF, name: 'matrix.pdf' })),
    }),
    staffFilesShow: async () => ({ params: { id: (await freshFile(admin())).id } }),
    staffFilesDelete: async () => {
      const file = await freshFile(admin());
      return { params: { id: file.id }, body: { force: true, token: file.token } };
    },
  };
}

/** The other tenant's records (retailer demo-comfort) for the tenant case. */
export async function networkForeign(admin: StaffClient): Promise<Record<string, string>> {
  return { 'oauth-clients': await freshOAuthClient(admin, 'ret-demo-comfort') };
}
