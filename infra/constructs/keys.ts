import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';

export interface KeysProps {
  stage: string;
}

/**
 * Customer-managed keys:
 * - `tableKey` (symmetric, yearly rotation) encrypts the DynamoDB table at rest (DynamoDB uses it on behalf of
 *   whoever may read the table);
 * - `piiKey` (symmetric, yearly rotation) wraps the per-field data keys of PII (SSN, ITIN, ID number, bank account
 *   and routing numbers, date of birth);
 * - `blindIndexKey` (HMAC-SHA-256, never leaves KMS) computes the blind index used to find an applicant by last
 *   name + SSN + date of birth. KMS cannot rotate HMAC keys automatically, and rotating it would orphan every
 *   stored index value anyway.
 * Table and PII keys are kept apart so that table access does not imply PII plaintext access, and so that
 * CloudTrail's Decrypt events on the PII key are an audit trail of PII access only.
 */
export class Keys extends Construct {
  readonly tableKey: kms.Key;
  readonly piiKey: kms.Key;
  readonly blindIndexKey: kms.Key;

  constructor(scope: Construct, id: string, props: KeysProps) {
    super(scope, id);
    const prod = props.stage === 'prod';
    // Deleting a key makes everything it encrypted unreadable: production keys are always retained.
    const removalPolicy = prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const pendingWindow = Duration.days(prod ? 30 : 7);

    this.tableKey = new kms.Key(this, 'TableKey', {
      description: `lease-to-own ${props.stage}: DynamoDB table encryption`,
      alias: `alias/lease-to-own/${props.stage}/table`,
      enableKeyRotation: true,
      removalPolicy,
      pendingWindow,
    });
    this.piiKey = new kms.Key(this, 'PiiKey', {
      description: `lease-to-own ${props.stage}: envelope key for field-level PII encryption`,
      alias: `alias/lease-to-own/${props.stage}/pii`,
      enableKeyRotation: true,
      removalPolicy,
      pendingWindow,
    });
    this.blindIndexKey = new kms.Key(this, 'BlindIndexKey', {
      description: `lease-to-own ${props.stage}: HMAC key for the applicant blind index`,
      alias: `alias/lease-to-own/${props.stage}/blind-index`,
      keySpec: kms.KeySpec.HMAC_256,
      keyUsage: kms.KeyUsage.GENERATE_VERIFY_MAC,
      enableKeyRotation: false,
      removalPolicy,
      pendingWindow,
    });
  }

  /** What a function needs to encrypt and decrypt PII fields and to compute blind indexes. */
  grantPiiUse(grantee: iam.IGrantable): void {
    this.piiKey.grant(grantee, 'kms:Encrypt', 'kms:Decrypt', 'kms:GenerateDataKey');
    this.blindIndexKey.grant(grantee, 'kms:GenerateMac');
  }

  /** The environment variables the server's config reads (functions/platform/config.ts). */
  get environment(): Record<string, string> {
    return { PII_KEY_ARN: this.piiKey.keyArn, BLIND_INDEX_KEY_ARN: this.blindIndexKey.keyArn };
  }
}
