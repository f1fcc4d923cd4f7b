import { DecryptCommand, GenerateDataKeyCommand, GenerateMacCommand, KMSClient } from '@aws-sdk/client-kms';
import type { KeyProvider } from './field-crypto.ts';

/** The AWS key provider: data keys from KMS, the blind index from a KMS HMAC key. */
export function kmsKeyProvider(options: { keyArn: string; macKeyArn: string; region: string }): KeyProvider {
  const kms = new KMSClient({ region: options.region });
  return {
    async generateDataKey() {
      const out = await kms.send(new GenerateDataKeyCommand({ KeyId: options.keyArn, KeySpec: 'AES_256' }));
      return { plaintext: Buffer.from(out.Plaintext!), wrapped: Buffer.from(out.CiphertextBlob!).toString('base64url') };
    },
    async unwrapDataKey(wrapped) {
      const out = await kms.send(new DecryptCommand({ CiphertextBlob: Buffer.from(wrapped, 'base64url'), KeyId: options.keyArn }));
      return Buffer.from(out.Plaintext!);
    },
    async mac(message) {
      const out = await kms.send(
        new GenerateMacCommand({ KeyId: options.macKeyArn, MacAlgorithm: 'HMAC_SHA_256', Message: Buffer.from(message) }),
      );
      return Buffer.from(out.Mac!).toString('hex');
    },
  };
}
