import { NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Alarms, type AlarmsProps } from '../constructs/alarms.ts';

export interface MonitoringStackProps extends NestedStackProps, AlarmsProps {}

/** The alarms and their topic, in their own nested stack (the parent is near CloudFormation's 500 resources). */
export class MonitoringStack extends NestedStack {
  readonly alarms: Alarms;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, {
      description: `lease-to-own ${props.stage}: alarms (function errors, dead letters, consumer lag)`,
    });
    this.alarms = new Alarms(this, 'Alarms', props);
  }
}
