import { NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';

export interface FunctionsStackProps extends NestedStackProps {
  stage: string;
}

/**
 * The route groups' functions, their roles and log groups (created by the Api construct: `functionScope`). Nested
 * because CloudFormation allows 500 resources per stack and the parent holds one resource per route; routes and
 * integrations stay in the parent with the HTTP API.
 */
export class FunctionsStack extends NestedStack {
  constructor(scope: Construct, id: string, props: FunctionsStackProps) {
    super(scope, id, { ...props, description: `lease-to-own ${props.stage}: the HTTP route groups' functions` });
  }
}
