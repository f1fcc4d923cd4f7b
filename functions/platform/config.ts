import { DEFAULT_TABLE_NAME } from '../data/table.ts';

export type Stage = 'local' | 'dev' | 'prod';

export interface Config {
  stage: Stage;
  /** Production hides test helpers (the Fill menu, sandbox pages). */
  production: boolean;
  tableName: string;
  region: string;
  /** Set for the embedded database; absent in AWS. */
  dynamoEndpoint?: string;
  dataDir: string;
  /** BLOB_BUCKET: the S3 bucket of uploaded files (AWS); unset = files under dataDir/blobs. */
  blobBucket?: string;
  /** Public origin of the portal, used in links we send (PIN mails, vendor callbacks). */
  publicUrl: string;
  /** KMS key for PII envelopes in AWS; locally a key file under dataDir is used instead. */
  piiKeyArn?: string;
  blindIndexKeyArn?: string;
  eventBusName?: string;
  applyTokenTtlSeconds: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** The checkout's third parties (e-sign, card vault, retail partner): sandboxes unless a real vendor is configured. */
  checkoutVendors: CheckoutVendorsConfig;
  /** The shopper-verification third parties (bank link, identity check, payroll): sandboxes unless configured. */
  verificationVendors: VerificationVendorsConfig;
}

export interface VerificationVendorsConfig {
  /** SANDBOX_LATENCY=off makes the sandbox vendors answer at once (tests). */
  sandboxLatency: boolean;
  /** BANK_LINK_PROVIDER=plaid (PLAID_CLIENT_ID, PLAID_SECRET, PLAID_BASE_URL); webhookSecret: the sandbox's callbacks. */
  bankLink: {
    provider: 'sandbox' | 'plaid';
    webhookSecret: string;
    plaid?: { baseUrl: string; clientId: string; secret: string; clientName: string };
  };
  /** IDENTITY_PROVIDER=persona (PERSONA_API_KEY, PERSONA_TEMPLATE_ID, PERSONA_BASE_URL); IDENTITY_WEBHOOK_SECRET. */
  identity: {
    provider: 'sandbox' | 'persona';
    webhookSecret: string;
    persona?: { baseUrl: string; apiKey: string; templateId: string };
  };
  /** PAYROLL_PROVIDER=argyle (ARGYLE_API_KEY_ID, ARGYLE_API_KEY_SECRET, ARGYLE_BASE_URL); PAYROLL_WEBHOOK_SECRET. */
  payroll: {
    provider: 'sandbox' | 'argyle';
    webhookSecret: string;
    argyle?: { baseUrl: string; apiKeyId: string; apiKeySecret: string };
  };
}

/** Local callback secrets of the sandbox verification vendors (the sandbox and our endpoint share them). */
export const SANDBOX_VERIFICATION_SECRETS = {
  bankLink: 'whsec_sandbox_bank_link',
  identity: 'whsec_sandbox_identity',
  payroll: 'whsec_sandbox_payroll',
} as const;

export function loadVerificationVendors(env: NodeJS.ProcessEnv, production: boolean): VerificationVendorsConfig {
  const need = (name: string, why: string) => {
    const value = env[name];
    if (!value) throw new Error(`${name} must be set when ${why}`);
    return value;
  };
  const url = (value: string) => value.replace(/\/$/, '');
  const bank = env.BANK_LINK_PROVIDER === 'plaid' ? 'plaid' : 'sandbox';
  const identity = env.IDENTITY_PROVIDER === 'persona' ? 'persona' : 'sandbox';
  const payroll = env.PAYROLL_PROVIDER === 'argyle' ? 'argyle' : 'sandbox';
  // As for the checkout vendors: production without a secret gets '' and every sandbox-format callback is refused.
  const secret = (name: string, real: boolean, fallback: string) =>
    real ? need(name, 'a real vendor is configured') : (env[name] ?? (production ? '' : fallback));
  return {
    sandboxLatency: env.SANDBOX_LATENCY !== 'off',
    bankLink: {
      provider: bank,
      // Plaid signs its webhooks with its own keys (the Plaid-Verification JWT), so no shared secret is needed for it.
      webhookSecret: env.BANK_LINK_WEBHOOK_SECRET ?? (production ? '' : SANDBOX_VERIFICATION_SECRETS.bankLink),
      plaid:
        bank === 'plaid'
          ? {
              baseUrl: url(env.PLAID_BASE_URL ?? 'https://sandbox.plaid.com'),
              clientId: need('PLAID_CLIENT_ID', 'BANK_LINK_PROVIDER=plaid'),
              secret: need('PLAID_SECRET', 'BANK_LINK_PROVIDER=plaid'),
              clientName: env.PLAID_CLIENT_NAME ?? 'Keystone Lease-to-Own',
            }
          : undefined,
    },
    identity: {
      provider: identity,
      webhookSecret: secret('IDENTITY_WEBHOOK_SECRET', identity !== 'sandbox', SANDBOX_VERIFICATION_SECRETS.identity),
      persona:
        identity === 'persona'
          ? {
              baseUrl: url(env.PERSONA_BASE_URL ?? 'https://api.withpersona.com'),
              apiKey: need('PERSONA_API_KEY', 'IDENTITY_PROVIDER=persona'),
              templateId: need('PERSONA_TEMPLATE_ID', 'IDENTITY_PROVIDER=persona'),
            }
          : undefined,
    },
    payroll: {
      provider: payroll,
      webhookSecret: secret('PAYROLL_WEBHOOK_SECRET', payroll !== 'sandbox', SANDBOX_VERIFICATION_SECRETS.payroll),
      argyle:
        payroll === 'argyle'
          ? {
              baseUrl: url(env.ARGYLE_BASE_URL ?? 'https://api-sandbox.argyle.com'),
              apiKeyId: need('ARGYLE_API_KEY_ID', 'PAYROLL_PROVIDER=argyle'),
              apiKeySecret: need('ARGYLE_API_KEY_SECRET', 'PAYROLL_PROVIDER=argyle'),
            }
          : undefined,
    },
  };
}

export interface CheckoutVendorsConfig {
  /** SANDBOX_LATENCY=off makes the sandbox vendors answer at once (tests). */
  sandboxLatency: boolean;
  esign: {
    provider: 'sandbox' | 'docusign';
    /** HMAC secret of the e-sign callbacks (the sandbox signs with it; DocuSign Connect's HMAC key). */
    webhookSecret: string;
    docusign?: {
      apiBaseUrl: string;
      oauthBaseUrl: string;
      accountId: string;
      integrationKey: string;
      userId: string;
      privateKey: string;
    };
  };
  cardVault: {
    provider: 'sandbox' | 'stripe';
    /** HMAC secret of the payment callbacks (the sandbox signs with it; Stripe's endpoint signing secret). */
    webhookSecret: string;
    stripe?: { apiBaseUrl: string; secretKey: string; publishableKey: string };
  };
  retailPartner: {
    provider: 'sandbox' | 'http';
    http?: { baseUrl: string; apiKey: string };
  };
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} must be set for the configured checkout vendor`);
  return value;
}

/** E-sign: ESIGN_PROVIDER=docusign; card vault: CARD_VAULT_PROVIDER=stripe; retail partner: RETAIL_PARTNER_PROVIDER=http. */
export function loadCheckoutVendors(env: NodeJS.ProcessEnv, production: boolean): CheckoutVendorsConfig {
  const esignProvider = env.ESIGN_PROVIDER === 'docusign' ? 'docusign' : 'sandbox';
  const vaultProvider = env.CARD_VAULT_PROVIDER === 'stripe' ? 'stripe' : 'sandbox';
  const partnerProvider = env.RETAIL_PARTNER_PROVIDER === 'http' ? 'http' : 'sandbox';
  // Sandbox callbacks stay inside one deployment, so a fixed secret is enough there; real vendors need their own.
  // Production without a secret gets '' and every callback is refused.
  const secret = (name: string, real: boolean, fallback: string) =>
    real ? required(env, name) : (env[name] ?? (production ? '' : fallback));
  return {
    sandboxLatency: env.SANDBOX_LATENCY !== 'off',
    esign: {
      provider: esignProvider,
      webhookSecret: secret('ESIGN_WEBHOOK_SECRET', esignProvider !== 'sandbox', 'whsec_sandbox_esign'),
      docusign:
        esignProvider === 'docusign'
          ? {
              apiBaseUrl: (env.DOCUSIGN_API_BASE_URL ?? 'https://demo.docusign.net/restapi').replace(/\/$/, ''),
              oauthBaseUrl: (env.DOCUSIGN_OAUTH_BASE_URL ?? 'https://account-d.docusign.com').replace(/\/$/, ''),
              accountId: required(env, 'DOCUSIGN_ACCOUNT_ID'),
              integrationKey: required(env, 'DOCUSIGN_INTEGRATION_KEY'),
              userId: required(env, 'DOCUSIGN_USER_ID'),
              privateKey: required(env, 'DOCUSIGN_PRIVATE_KEY').replace(/\\n/g, '\n'),
            }
          : undefined,
    },
    cardVault: {
      provider: vaultProvider,
      webhookSecret: secret('CARD_VAULT_WEBHOOK_SECRET', vaultProvider !== 'sandbox', 'whsec_sandbox_card_vault'),
      stripe:
        vaultProvider === 'stripe'
          ? {
              apiBaseUrl: (env.STRIPE_API_BASE_URL ?? 'https://api.stripe.com').replace(/\/$/, ''),
              secretKey: required(env, 'STRIPE_SECRET_KEY'),
              publishableKey: required(env, 'STRIPE_PUBLISHABLE_KEY'),
            }
          : undefined,
    },
    retailPartner: {
      provider: partnerProvider,
      http:
        partnerProvider === 'http'
          ? {
              baseUrl: required(env, 'RETAIL_PARTNER_BASE_URL').replace(/\/$/, ''),
              apiKey: required(env, 'RETAIL_PARTNER_API_KEY'),
            }
          : undefined,
    },
  };
}

const stages: Stage[] = ['local', 'dev', 'prod'];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const stage = stages.includes(env.STAGE as Stage) ? (env.STAGE as Stage) : 'local';
  const port = env.PORT ?? '3000';
  const logLevel = (['debug', 'info', 'warn', 'error', 'silent'] as const).find((l) => l === env.LOG_LEVEL) ?? 'info';
  return {
    stage,
    production: stage === 'prod',
    tableName: env.TABLE_NAME ?? DEFAULT_TABLE_NAME,
    region: env.AWS_REGION ?? 'us-east-1',
    dynamoEndpoint: env.DYNAMODB_ENDPOINT,
    dataDir: env.DATA_DIR ?? '.data',
    ...(env.BLOB_BUCKET ? { blobBucket: env.BLOB_BUCKET } : {}),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    piiKeyArn: env.PII_KEY_ARN,
    blindIndexKeyArn: env.BLIND_INDEX_KEY_ARN,
    eventBusName: env.EVENT_BUS_NAME,
    applyTokenTtlSeconds: Number(env.APPLY_TOKEN_TTL_SECONDS ?? 2 * 60 * 60),
    logLevel,
    checkoutVendors: loadCheckoutVendors(env, stage === 'prod'),
    verificationVendors: loadVerificationVendors(env, stage === 'prod'),
  };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Local use only: the public URL as the caller addressed this server, when that address is another loopback name
 * (localhost, 127.0.0.1, [::1]) of a loopback public URL with the same scheme and port; undefined otherwise. A
 * page opened at http://127.0.0.1:3000 then gets links on http://127.0.0.1:3000 rather than http://localhost:3000
 * (lease.js accepts only checkout URLs on the origin it was loaded from). Production never follows the Host header.
 */
export function loopbackAliasOf(config: Pick<Config, 'publicUrl' | 'production'>, host: string | undefined) {
  if (config.production || !host) return undefined;
  let configured: URL;
  let asked: URL;
  try {
    configured = new URL(config.publicUrl);
    asked = new URL(`${configured.protocol}//${host}`);
  } catch {
    return undefined;
  }
  if (!LOOPBACK_HOSTS.has(configured.hostname) || !LOOPBACK_HOSTS.has(asked.hostname)) return undefined;
  if (asked.port !== configured.port || asked.username || asked.password || asked.pathname !== '/') return undefined;
  return asked.origin === configured.origin ? undefined : asked.origin;
}
