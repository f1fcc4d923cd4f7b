import { NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Alarms, type AlarmsProps } from '../constructs/alarms.ts';
import { Dashboard, type DashboardProps } from '../constructs/dashboard.ts';

export interface MonitoringStackProps extends NestedStackProps, AlarmsProps, DashboardProps {}

/**
 * The alarms and their topic, and the stage's dashboard, in their own nested stack (the parent is near
 * CloudFormation's 500 resources).
 */
export class MonitoringStack extends NestedStack {
  readonly alarms: Alarms;
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, {
      description: `lease-to-own ${props.stage}: alarms (function errors, dead letters, consumer lag, business metrics) and the dashboard`,
    });
    this.alarms = new Alarms(this, 'Alarms', props);
    this.dashboard = new Dashboard(this, 'Dashboard', props);
  }
}
