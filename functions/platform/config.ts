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
  /** Public origin of the portal, used in links we send (PIN mails, vendor callbacks). */
  publicUrl: string;
  /** KMS key for PII envelopes in AWS; locally a key file under dataDir is used instead. */
  piiKeyArn?: string;
  blindIndexKeyArn?: string;
  eventBusName?: string;
  applyTokenTtlSeconds: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
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
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    piiKeyArn: env.PII_KEY_ARN,
    blindIndexKeyArn: env.BLIND_INDEX_KEY_ARN,
    eventBusName: env.EVENT_BUS_NAME,
    applyTokenTtlSeconds: Number(env.APPLY_TOKEN_TTL_SECONDS ?? 2 * 60 * 60),
    logLevel,
  };
}
