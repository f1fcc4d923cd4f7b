import { describe, expect, it } from 'vitest';
import type { Config } from '../../../functions/platform/config.ts';
import { SIGNATURE_HEADER, verifySignature } from '../../../functions/platform/signatures.ts';
import { esignCallbackSignature } from '../../../functions/providers/esign/sandbox.ts';
import { docusignSignatureValid } from '../../../functions/providers/esign/webhook.ts';

// A test checkout signs at the sandbox e-sign even where DocuSign is the configured vendor (test mode in production,
// issue 26): the sandbox's callback must then pass the DocuSign check our webhook runs, or the signature never lands.

const BODY = JSON.stringify({ event: 'envelope-completed', data: { envelopeId: 'e-1' } });
const NOW = 1_790_000_000;
const configWith = (provider: 'sandbox' | 'docusign', webhookSecret: string) =>
  ({ checkoutVendors: { esign: { provider, webhookSecret } } }) as unknown as Pick<Config, 'checkoutVendors'>;

describe("the sandbox e-sign's callback signature", () => {
  it("is DocuSign Connect's HMAC header where DocuSign is configured, valid with its secret only", () => {
    const headers = esignCallbackSignature(configWith('docusign', 'connect-hmac-key'), BODY, NOW);
    expect(Object.keys(headers)).toEqual(['x-docusign-signature-1']);
    expect(docusignSignatureValid('connect-hmac-key', BODY, headers)).toBe(true);
    expect(docusignSignatureValid('another-key', BODY, headers)).toBe(false);
    expect(docusignSignatureValid('connect-hmac-key', BODY.replace('e-1', 'e-2'), headers)).toBe(false);
  });

  it('is our signature header where the sandbox is the configured vendor', () => {
    const headers = esignCallbackSignature(configWith('sandbox', 'whsec_local'), BODY, NOW);
    expect(verifySignature('whsec_local', BODY, headers[SIGNATURE_HEADER], NOW).ok).toBe(true);
    expect(verifySignature('whsec_other', BODY, headers[SIGNATURE_HEADER], NOW).ok).toBe(false);
  });
});
