import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { DEFAULT_TABLE_NAME, GLOBAL_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/data/table.ts';

export interface DataProps {
  stage: string;
  encryptionKey: kms.IKey;
  /**
   * A table restored from this stage's (point-in-time restore, docs/runbooks/restore-table.md), which the stage uses
   * instead of its own: `-c restoredTableName=... -c restoredTableStreamArn=...`. The stage's own table leaves the
   * template but is kept (RETAIN in prod) for the investigation.
   */
  restoredTable?: { tableName: string; streamArn: string };
}

interface CustomerKeyTableProps extends Omit<dynamodb.TablePropsV2, 'encryption' | 'replicas'> {
  encryptionKey: kms.IKey;
}

/** Item reads and writes (what CDK's grantReadWriteData grants on the table and its indexes). */
export const TABLE_DATA_ACTIONS = [
  'dynamodb:BatchGetItem',
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:Scan',
  'dynamodb:ConditionCheckItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:DescribeTable',
] as const;

/** The table key's actions for a reader and writer of items, each named. */
export const TABLE_KEY_ACTIONS = [
  'kms:Decrypt',
  'kms:DescribeKey',
  'kms:Encrypt',
  'kms:ReEncryptFrom',
  'kms:ReEncryptTo',
  'kms:GenerateDataKey',
  'kms:GenerateDataKeyWithoutPlaintext',
] as const;

/**
 * A TableV2 encrypted with a customer-managed key in an environment-agnostic stack.
 *
 * `TableEncryptionV2.customerManagedKey()` refuses to render in a region-agnostic stack (it maps keys to replica
 * regions). With a single replica (the deployment region) the mapping is trivial, so this renders the same template
 * `customerManagedKey()` renders in a region-bound stack: top-level SSE on with type KMS (`awsManagedKey()`), and
 * the key on the one replica (an escape-hatch override). `encryptionKey` is set so that the table's grants include
 * the key, exactly as with `customerManagedKey()`.
 */
export class CustomerKeyTableV2 extends dynamodb.TableV2 {
  override readonly encryptionKey: kms.IKey;

  /**
   * Read and write items, every action named: CDK's own grantReadWriteData grants the key's action families
   * `kms:ReEncrypt*` and `kms:GenerateDataKey*`; these are the members DynamoDB uses, so no grant on data carries a
   * wildcard action (tests/infra/platform-stack.test.ts). The indexes are named too (CDK grants `index/*`).
   */
  override grantReadWriteData(grantee: iam.IGrantable): iam.Grant {
    this.encryptionKey.grant(grantee, ...TABLE_KEY_ACTIONS);
    return iam.Grant.addToPrincipal({
      grantee,
      actions: [...TABLE_DATA_ACTIONS],
      resourceArns: [this.tableArn, ...GLOBAL_INDEXES.map((index) => `${this.tableArn}/index/${index.indexName}`)],
    });
  }

  constructor(scope: Construct, id: string, props: CustomerKeyTableProps) {
    const { encryptionKey, ...tableProps } = props;
    super(scope, id, { ...tableProps, encryption: dynamodb.TableEncryptionV2.awsManagedKey() });
    this.encryptionKey = encryptionKey;
    const resource = this.node.defaultChild as dynamodb.CfnGlobalTable;
    resource.addPropertyOverride('Replicas.0.SSESpecification.KMSMasterKeyId', encryptionKey.keyArn);
  }
}

/** The one table, from the same definition the local runtime creates (functions/data/table.ts). */
export class Data extends Construct {
  readonly table: dynamodb.ITableV2;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const prod = props.stage === 'prod';
    const string = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });
    if (props.restoredTable) {
      this.table = dynamodb.TableV2.fromTableAttributes(this, 'RestoredTable', {
        tableName: props.restoredTable.tableName,
        tableStreamArn: props.restoredTable.streamArn,
        encryptionKey: props.encryptionKey,
        grantIndexPermissions: true,
      });
      return;
    }

    this.table = new CustomerKeyTableV2(this, 'Table', {
      tableName: `${DEFAULT_TABLE_NAME}-${props.stage}`,
      partitionKey: string(TABLE_KEYS.partitionKey),
      sortKey: string(TABLE_KEYS.sortKey),
      globalSecondaryIndexes: GLOBAL_INDEXES.map((index) => ({
        indexName: index.indexName,
        partitionKey: string(index.partitionKey),
        sortKey: string(index.sortKey),
        projectionType:
          index.projection === 'KEYS_ONLY' ? dynamodb.ProjectionType.KEYS_ONLY : dynamodb.ProjectionType.ALL,
      })),
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TTL_ATTRIBUTE,
      encryptionKey: props.encryptionKey,
      // The outbox relay runs on the stream in AWS (a poller on the OUTBOX index locally).
      dynamoStream: dynamodb.StreamViewType.NEW_IMAGE,
      deletionProtection: prod,
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
  }
}
