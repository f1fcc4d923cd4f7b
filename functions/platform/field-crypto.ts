import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Wraps data keys with a master key. Locally the master key is a file under DATA_DIR; in AWS it is KMS
 * (GenerateDataKey / Decrypt, and GenerateMac for the blind index).
 */
export interface KeyProvider {
  generateDataKey(): Promise<{ plaintext: Buffer; wrapped: string }>;
  unwrapDataKey(wrapped: string): Promise<Buffer>;
  /** Keyed HMAC-SHA256 of a message, hex. */
  mac(message: string): Promise<string>;
}

const PREFIX = 'enc:v1';
const DATA_KEY_USES = 10_000;

const b64 = (b: Buffer) => b.toString('base64url');
const unb64 = (s: string) => Buffer.from(s, 'base64url');

/** The data keys of a process: the one encrypting now, and every key unwrapped so far. */
interface DataKeys {
  current?: { plaintext: Buffer; wrapped: string; uses: number };
  /** The data key being generated: concurrent encryptions wait for one GenerateDataKey call instead of making their own. */
  generating?: Promise<unknown>;
  /** By wrapped key; a promise, so that concurrent reads of records sealed with one key make one KMS Decrypt call. */
  unwrapped: Map<string, Promise<Buffer>>;
}

/** Per-field AES-256-GCM envelope encryption of PII, and the blind index used to find records by PII. */
export class FieldCrypto {
  constructor(
    private readonly keys: KeyProvider,
    private readonly dataKeys: DataKeys = { unwrapped: new Map() },
    /** Blind indexes already computed by this object (only on a `forRequest` copy). */
    private readonly indexes?: Map<string, Promise<string>>,
  ) {}

  /**
   * The same keys for one request, remembering the blind indexes it computes: lookups of the same person in one
   * request (the customer record and the applications by SSN) cost one MAC (a KMS GenerateMac call in AWS), not one
   * each. Discarded with the request, so no index outlives it.
   */
  forRequest(): FieldCrypto {
    return new FieldCrypto(this.keys, this.dataKeys, new Map());
  }

  async encrypt(plain: string): Promise<string> {
    const keys = this.dataKeys;
    while (!keys.current || keys.current.uses >= DATA_KEY_USES) {
      keys.generating ??= this.keys
        .generateDataKey()
        .then((key) => {
          keys.current = { ...key, uses: 0 };
          keys.unwrapped.set(key.wrapped, Promise.resolve(key.plaintext));
          return key;
        })
        .finally(() => (keys.generating = undefined));
      await keys.generating;
    }
    const current = keys.current;
    current.uses++;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', current.plaintext, iv);
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [PREFIX, current.wrapped, b64(iv), b64(cipher.getAuthTag()), b64(ct)].join(':');
  }

  async decrypt(envelope: string): Promise<string> {
    const parts = envelope.split(':');
    if (parts.length !== 6 || `${parts[0]}:${parts[1]}` !== PREFIX) throw new Error('Not an encrypted field');
    const [, , wrapped, iv, tag, ct] = parts as [string, string, string, string, string, string];
    const unwrapped = this.dataKeys.unwrapped;
    let unwrapping = unwrapped.get(wrapped);
    if (!unwrapping) {
      unwrapping = this.keys.unwrapDataKey(wrapped);
      unwrapped.set(wrapped, unwrapping);
      // A failed unwrap is not remembered: the next read asks again.
      unwrapping.catch(() => unwrapped.delete(wrapped));
    }
    const key = await unwrapping;
    const decipher = createDecipheriv('aes-256-gcm', key, unb64(iv));
    decipher.setAuthTag(unb64(tag));
    return Buffer.concat([decipher.update(unb64(ct)), decipher.final()]).toString('utf8');
  }

  async encryptOptional(plain: string | undefined | null): Promise<string | undefined> {
    return plain === undefined || plain === null || plain === '' ? undefined : this.encrypt(plain);
  }

  async decryptOptional(envelope: unknown): Promise<string | undefined> {
    return typeof envelope === 'string' && envelope.startsWith(PREFIX) ? this.decrypt(envelope) : undefined;
  }

  /** Deterministic keyed index over normalised parts: equal inputs give equal indexes, nothing is recoverable. */
  async blindIndex(purpose: string, ...parts: string[]): Promise<string> {
    const message = [purpose, ...parts.map((p) => p.normalize('NFKC').trim().toLowerCase())].join('\u001f');
    if (!this.indexes) return this.keys.mac(message);
    let index = this.indexes.get(message);
    if (!index) {
      index = this.keys.mac(message);
      this.indexes.set(message, index);
      // A failed MAC is not remembered: the next lookup asks again.
      index.catch(() => this.indexes!.delete(message));
    }
    return index;
  }
}

export const isEncrypted = (value: unknown) => typeof value === 'string' && value.startsWith(`${PREFIX}:`);

/** The local key provider: a 256-bit master key that wraps data keys with AES-256-GCM. */
export function masterKeyProvider(masterKey: Buffer): KeyProvider {
  if (masterKey.length !== 32) throw new Error('The master key must be 32 bytes');
  const macKey = createHmac('sha256', masterKey).update('blind-index-key').digest();
  return {
    async generateDataKey() {
      const plaintext = randomBytes(32);
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
      const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return { plaintext, wrapped: b64(Buffer.concat([iv, cipher.getAuthTag(), ct])) };
    },
    async unwrapDataKey(wrapped) {
      const raw = unb64(wrapped);
      const decipher = createDecipheriv('aes-256-gcm', masterKey, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
    },
    async mac(message) {
      return createHmac('sha256', macKey).update(message).digest('hex');
    },
  };
}
