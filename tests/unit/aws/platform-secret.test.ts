import { beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_VERIFICATION_SECRETS } from '../../../functions/platform/config.ts';
import {
  clearSecretCache,
  loadConfigWithSecrets,
  PLATFORM_SECRET_ARN,
  SANDBOX_CALLBACK_SEED,
  type SecretReader,
} from '../../../functions/platform/secrets.ts';

// The platform secret as a deployed function reads it (functions/platform/secrets.ts): Secrets Manager is replaced by a
// reader that counts its calls; everything else is the code the Lambda functions run.

const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:lease-to-own/dev/platform-AbCdEf';

function reader(value: Record<string, unknown> | string) {
  const calls: string[] = [];
  const read: SecretReader = async (arn) => {
    calls.push(arn);
    return typeof value === 'string' ? value : JSON.stringify(value);
  };
  return { read, calls };
}

beforeEach(() => clearSecretCache());

describe('the platform secret', () => {
  it('leaves a local process on its environment, as before', async () => {
    const { read, calls } = reader({});
    const { config } = await loadConfigWithSecrets({ STAGE: 'local', ESIGN_WEBHOOK_SECRET: 'local-esign' }, read);
    expect(config.checkoutVendors.esign.webhookSecret).toBe('local-esign');
    expect(calls).toEqual([]);
  });

  it('configures a real vendor from the secret: its keys from the secret, never from the environment', async () => {
    const { read } = reader({
      CARD_VAULT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_from_secret',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
      CARD_VAULT_WEBHOOK_SECRET: 'whsec_from_secret',
    });
    const { config, warnings } = await loadConfigWithSecrets(
      { STAGE: 'prod', [PLATFORM_SECRET_ARN]: ARN, STRIPE_SECRET_KEY: 'sk_live_left_in_env' },
      read,
    );
    expect(config.checkoutVendors.cardVault.provider).toBe('stripe');
    expect(config.checkoutVendors.cardVault.stripe?.secretKey).toBe('sk_live_from_secret');
    expect(config.checkoutVendors.cardVault.webhookSecret).toBe('whsec_from_secret');
    expect(warnings.join(' ')).toContain('STRIPE_SECRET_KEY');
  });

  it('refuses sandbox callbacks in production without a secret, and derives unpublished ones from the seed elsewhere', async () => {
    const prod = await loadConfigWithSecrets(
      { STAGE: 'prod', [PLATFORM_SECRET_ARN]: ARN, ESIGN_WEBHOOK_SECRET: 'whsec_sandbox_esign' },
      reader({}).read,
    );
    expect(prod.config.checkoutVendors.esign.webhookSecret).toBe('');

    clearSecretCache();
    const dev = await loadConfigWithSecrets(
      { STAGE: 'dev', [PLATFORM_SECRET_ARN]: ARN },
      reader({ [SANDBOX_CALLBACK_SEED]: 'seed-of-this-stage' }).read,
    );
    const secrets = [
      dev.config.checkoutVendors.esign.webhookSecret,
      dev.config.checkoutVendors.cardVault.webhookSecret,
      dev.config.verificationVendors.identity.webhookSecret,
    ];
    for (const secret of secrets) expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    expect(new Set(secrets).size).toBe(3);
    expect(secrets).not.toContain('whsec_sandbox_esign');
    expect(secrets).not.toContain(SANDBOX_VERIFICATION_SECRETS.identity);
    expect(dev.warnings).toEqual([]);
  });

  it('reads the secret once per cold start, and again after a failed read', async () => {
    const { read, calls } = reader({ STRIPE_SECRET_KEY: 'sk_test_1' });
    const env = { STAGE: 'dev', [PLATFORM_SECRET_ARN]: ARN };
    await loadConfigWithSecrets(env, read);
    await loadConfigWithSecrets(env, read);
    expect(calls).toEqual([ARN]);

    clearSecretCache();
    let fail = true;
    const flaky: SecretReader = async () => {
      if (fail) throw new Error('ThrottlingException');
      return '{}';
    };
    await expect(loadConfigWithSecrets(env, flaky)).rejects.toThrow('ThrottlingException');
    fail = false;
    await expect(loadConfigWithSecrets(env, flaky)).resolves.toMatchObject({ warnings: [] });
  });

  it('names what is wrong with a malformed secret', async () => {
    const env = { STAGE: 'dev', [PLATFORM_SECRET_ARN]: ARN };
    await expect(loadConfigWithSecrets(env, reader('sk_live_not_json').read)).rejects.toThrow(/not JSON/);
    clearSecretCache();
    await expect(loadConfigWithSecrets(env, reader({ STRIPE_SECRET_KEY: 42 }).read)).rejects.toThrow(
      /"STRIPE_SECRET_KEY" must be a string/,
    );
    clearSecretCache();
    const typo = await loadConfigWithSecrets(env, reader({ STRIPE_SECRETKEY: 'sk' }).read);
    expect(typo.warnings.join(' ')).toContain('STRIPE_SECRETKEY');
  });
});
