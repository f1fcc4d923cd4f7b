import { createHmac } from 'node:crypto';
import { loadConfig, type Config } from './config.ts';

// The secrets port. Locally (and in tests) secrets are environment variables, as config.ts has always read them. In
// AWS the stack sets PLATFORM_SECRET_ARN to one Secrets Manager secret, a JSON object whose keys are the variable
// names below; it is read once per cold start and then the secret names come from it ONLY (a secret left in a
// function's environment is ignored), so no secret is ever an environment variable of a deployed function.
// The same secret may also carry the non-secret settings of a real vendor (which provider, account ids, base URLs),
// so that an operator configures a vendor in one place; those may still come from the environment.

/** The environment variable that names the platform secret (an ARN is not itself secret). */
export const PLATFORM_SECRET_ARN = 'PLATFORM_SECRET_ARN';

/** Values that are secrets: vendor keys and the shared secrets of vendor callbacks (functions/platform/config.ts). */
export const SECRET_NAMES = [
  'ESIGN_WEBHOOK_SECRET',
  'CARD_VAULT_WEBHOOK_SECRET',
  'BANK_LINK_WEBHOOK_SECRET',
  'IDENTITY_WEBHOOK_SECRET',
  'PAYROLL_WEBHOOK_SECRET',
  'DOCUSIGN_INTEGRATION_KEY',
  'DOCUSIGN_PRIVATE_KEY',
  'STRIPE_SECRET_KEY',
  'RETAIL_PARTNER_API_KEY',
  'PLAID_CLIENT_ID',
  'PLAID_SECRET',
  'PERSONA_API_KEY',
  'ARGYLE_API_KEY_ID',
  'ARGYLE_API_KEY_SECRET',
] as const;

/** Non-secret vendor settings the secret may carry too (config.ts reads them). */
export const VENDOR_SETTING_NAMES = [
  'ESIGN_PROVIDER',
  'CARD_VAULT_PROVIDER',
  'RETAIL_PARTNER_PROVIDER',
  'BANK_LINK_PROVIDER',
  'IDENTITY_PROVIDER',
  'PAYROLL_PROVIDER',
  'DOCUSIGN_API_BASE_URL',
  'DOCUSIGN_OAUTH_BASE_URL',
  'DOCUSIGN_ACCOUNT_ID',
  'DOCUSIGN_USER_ID',
  'STRIPE_API_BASE_URL',
  'STRIPE_PUBLISHABLE_KEY',
  'RETAIL_PARTNER_BASE_URL',
  'PLAID_BASE_URL',
  'PLAID_CLIENT_NAME',
  'PERSONA_BASE_URL',
  'PERSONA_TEMPLATE_ID',
  'ARGYLE_BASE_URL',
] as const;

/**
 * A random value the non-production stacks generate into the secret. The sandbox vendors' callback secrets are derived
 * from it, so a deployed sandbox does not accept callbacks signed with the fixed local secrets published in this
 * repository. The production stack does not generate it: production without a vendor's secret refuses its callbacks.
 */
export const SANDBOX_CALLBACK_SEED = 'SANDBOX_CALLBACK_SEED';

/** The callback secrets of the sandbox vendors, derived from the seed when the secret does not name them. */
const SANDBOX_CALLBACK_SECRETS = [
  'ESIGN_WEBHOOK_SECRET',
  'CARD_VAULT_WEBHOOK_SECRET',
  'BANK_LINK_WEBHOOK_SECRET',
  'IDENTITY_WEBHOOK_SECRET',
  'PAYROLL_WEBHOOK_SECRET',
] as const;

const KNOWN = new Set<string>([...SECRET_NAMES, ...VENDOR_SETTING_NAMES, SANDBOX_CALLBACK_SEED]);

/** Reads the secret's string (Secrets Manager in AWS; tests pass their own). */
export type SecretReader = (arn: string, region: string) => Promise<string>;

export const secretsManagerReader: SecretReader = async (arn, region) => {
  // Loaded only where a secret is configured: local processes never load the client.
  const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
  const client = new SecretsManagerClient({ region });
  try {
    const out = await client.send(new GetSecretValueCommand({ SecretId: arn }));
    if (typeof out.SecretString !== 'string') throw new Error(`The platform secret ${arn} has no string value`);
    return out.SecretString;
  } finally {
    client.destroy();
  }
};

export interface ResolvedEnvironment {
  env: NodeJS.ProcessEnv;
  /** Keys of the secret this code does not know (a typo in a name would otherwise pass unnoticed). */
  ignoredKeys: string[];
  /** Secret names found in the environment of a function that has the platform secret, and so not used. */
  ignoredEnvironment: string[];
}

/** Parses the platform secret: a JSON object of strings. */
export function parsePlatformSecret(text: string): Record<string, string> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('The platform secret is not JSON: store an object such as {"STRIPE_SECRET_KEY": "sk_live_..."}');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new Error('The platform secret must be a JSON object of names to strings');
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v !== 'string') throw new Error(`The platform secret's "${key}" must be a string`);
    out[key] = v;
  }
  return out;
}

/** The environment config.ts reads, with the secrets of the platform secret when one is configured. */
export function mergeSecret(env: NodeJS.ProcessEnv, secret: Record<string, string>): ResolvedEnvironment {
  const out: NodeJS.ProcessEnv = { ...env };
  const ignoredEnvironment = SECRET_NAMES.filter((name) => env[name] !== undefined);
  for (const name of SECRET_NAMES) delete out[name];
  const ignoredKeys = Object.keys(secret).filter((key) => !KNOWN.has(key));
  for (const [key, value] of Object.entries(secret))
    if (KNOWN.has(key) && key !== SANDBOX_CALLBACK_SEED) out[key] = value;
  const seed = secret[SANDBOX_CALLBACK_SEED];
  if (seed) {
    for (const name of SANDBOX_CALLBACK_SECRETS) {
      out[name] ??= `whsec_${createHmac('sha256', seed).update(name).digest('base64url')}`;
    }
  }
  return { env: out, ignoredKeys, ignoredEnvironment };
}

const cache = new Map<string, Promise<Record<string, string>>>();

/**
 * The environment with the platform secret merged in. The secret is read once per process (a Lambda cold start); a
 * failed read is not cached, so the next invocation tries again. Without PLATFORM_SECRET_ARN the environment is
 * returned as it is (local runs and tests).
 */
export async function resolveEnvironment(
  env: NodeJS.ProcessEnv = process.env,
  read: SecretReader = secretsManagerReader,
): Promise<ResolvedEnvironment> {
  const arn = env[PLATFORM_SECRET_ARN];
  if (!arn) return { env, ignoredKeys: [], ignoredEnvironment: [] };
  let pending = cache.get(arn);
  if (!pending) {
    pending = read(arn, env.AWS_REGION ?? 'us-east-1').then(parsePlatformSecret);
    cache.set(arn, pending);
    pending.catch(() => cache.delete(arn));
  }
  return mergeSecret(env, await pending);
}

/** Forgets cached secrets (tests; a rotated secret is otherwise picked up by the next cold start). */
export function clearSecretCache(): void {
  cache.clear();
}

/** The server's configuration with its secrets: what a deployed function runs with (config.ts reads the result). */
export async function loadConfigWithSecrets(
  env: NodeJS.ProcessEnv = process.env,
  read: SecretReader = secretsManagerReader,
): Promise<{ config: Config; warnings: string[] }> {
  const resolved = await resolveEnvironment(env, read);
  const warnings = [
    ...(resolved.ignoredKeys.length
      ? [`The platform secret has keys this version does not read: ${resolved.ignoredKeys.join(', ')}`]
      : []),
    ...(resolved.ignoredEnvironment.length
      ? [
          `Secrets in the function's environment are ignored (they belong in the platform secret): ${resolved.ignoredEnvironment.join(', ')}`,
        ]
      : []),
  ];
  return { config: loadConfig(resolved.env), warnings };
}
