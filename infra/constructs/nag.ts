import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Answers a cdk-nag finding on the construct (and its children) with the reason it does not apply. `rule` is the
 * rule id as cdk-nag names it (`AwsSolutions-APIG4`, `Serverless-LambdaDLQ`, `AwsSolutions-IAM5[Resource::*]`);
 * the pack prefix that CDK's validation report uses is added here.
 */
export function acknowledge(construct: IConstruct, rule: string, reason: string): void {
  const pack = rule.slice(0, rule.indexOf('-'));
  Validations.of(construct).acknowledge({ id: `${pack}::${rule}`, reason });
}
