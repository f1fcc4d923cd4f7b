import type { KMSClient } from '@aws-sdk/client-kms';
import type { KeyProvider } from './field-crypto.ts';

/**
 * The AWS key provider: data keys from KMS, the blind index from a KMS HMAC key. The KMS client is loaded on the
 * first PII operation, so functions that never touch PII never load it.
 */
export function kmsKeyProvider(options: { keyArn: string; macKeyArn: string; region: string }): KeyProvider {
  let client: Promise<{ kms: KMSClient; sdk: typeof import('@aws-sdk/client-kms') }> | undefined;
  const kms = () =>
    (client ??= import('@aws-sdk/client-kms').then((sdk) => ({
      kms: new sdk.KMSClient({ region: options.region }),
      sdk,
    })));
  return {
    async generateDataKey() {
      const { kms: c, sdk } = await kms();
      const out = await c.send(new sdk.GenerateDataKeyCommand({ KeyId: options.keyArn, KeySpec: 'AES_256' }));
      return {
        plaintext: Buffer.from(out.Plaintext!),
        wrapped: Buffer.from(out.CiphertextBlob!).toString('base64url'),
      };
    },
    async unwrapDataKey(wrapped) {
      const { kms: c, sdk } = await kms();
      const out = await c.send(
        new sdk.DecryptCommand({ CiphertextBlob: Buffer.from(wrapped, 'base64url'), KeyId: options.keyArn }),
      );
      return Buffer.from(out.Plaintext!);
    },
    async mac(message) {
      const { kms: c, sdk } = await kms();
      const out = await c.send(
        new sdk.GenerateMacCommand({
          KeyId: options.macKeyArn,
          MacAlgorithm: 'HMAC_SHA_256',
          Message: Buffer.from(message),
        }),
      );
      return Buffer.from(out.Mac!).toString('hex');
    },
  };
}
