import { NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { Events } from '../constructs/events.ts';
import type { Keys } from '../constructs/keys.ts';
import { PlatformSecret } from '../constructs/secrets.ts';

export interface OperationsStackProps extends NestedStackProps {
  stage: string;
  projectRoot: string;
  table: dynamodb.ITableV2;
  keys: Keys;
}

/**
 * What runs behind the API: the platform secret, the event bus, the outbox relay, the event consumers and the
 * schedules. A nested stack because CloudFormation allows 500 resources per stack and the HTTP API's routes fill the
 * parent (one resource per route).
 */
export class OperationsStack extends NestedStack {
  readonly secret: PlatformSecret;
  readonly events: Events;

  constructor(scope: Construct, id: string, props: OperationsStackProps) {
    super(scope, id, {
      ...props,
      description: `lease-to-own ${props.stage}: platform secret, events, consumers and schedules`,
    });
    this.secret = new PlatformSecret(this, 'Secrets', { stage: props.stage });
    this.events = new Events(this, 'Events', {
      stage: props.stage,
      projectRoot: props.projectRoot,
      table: props.table,
      keys: props.keys,
      secret: this.secret,
    });
  }
}
