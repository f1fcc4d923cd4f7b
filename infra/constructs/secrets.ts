import { RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from './nag.ts';
import { PLATFORM_SECRET_ARN, SANDBOX_CALLBACK_SEED } from '../../functions/platform/secrets.ts';

export interface SecretsProps {
  stage: string;
}

/**
 * The platform secret (functions/platform/secrets.ts): one Secrets Manager secret, a JSON object of vendor keys and
 * callback secrets by their variable names ({"STRIPE_SECRET_KEY": "...", "ESIGN_PROVIDER": "docusign", ...}). Every
 * function reads it once per cold start; none has a secret in its environment. Non-production stacks generate
 * SANDBOX_CALLBACK_SEED into it, from which the sandbox vendors' callback secrets are derived. Operators add the
 * real vendors' values with `aws secretsmanager put-secret-value` (keeping the generated key); CloudFormation does not
 * overwrite them while this definition does not change. Webhook signing secrets of retailers are not here: each is
 * generated per retailer and kept in the table, sealed with the PII KMS key.
 */
export class PlatformSecret extends Construct {
  readonly secret: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: SecretsProps) {
    super(scope, id);
    const prod = props.stage === 'prod';
    this.secret = new secretsmanager.Secret(this, 'Secret', {
      secretName: `lease-to-own/${props.stage}/platform`,
      description: `lease-to-own ${props.stage}: vendor keys and callback secrets (JSON object by variable name)`,
      // Production starts empty (no sandbox callbacks there): '{}' is not a secret, so plain text is fine.
      ...(prod
        ? { secretStringValue: SecretValue.unsafePlainText('{}') }
        : {
            generateSecretString: {
              secretStringTemplate: '{}',
              generateStringKey: SANDBOX_CALLBACK_SEED,
              passwordLength: 48,
              excludePunctuation: true,
            },
          }),
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    acknowledge(
      this.secret,
      'AwsSolutions-SMG4',
      "Vendor keys are issued by each vendor and rotated in the vendor's console, then put here by an operator (infra/README.md); a rotation Lambda cannot mint them. The sandbox seed only signs test callbacks",
    );
  }

  /** What a function needs to find the secret (its ARN; the value is read at run time). */
  get environment(): Record<string, string> {
    return { [PLATFORM_SECRET_ARN]: this.secret.secretArn };
  }

  /** secretsmanager:GetSecretValue and DescribeSecret on this secret only. */
  grantRead(grantee: iam.IGrantable): void {
    this.secret.grantRead(grantee);
  }
}
