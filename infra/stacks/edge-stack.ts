import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { EdgeProtection } from '../constructs/edge-protection.ts';

export interface EdgeStackProps extends StackProps {
  stage: string;
}

/** The CloudFront web ACL, which AWS WAF only accepts in us-east-1: deployed there before the platform stack. */
export class EdgeStack extends Stack {
  readonly protection: EdgeProtection;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    this.protection = new EdgeProtection(this, 'Protection', { stage: props.stage, scope: 'CLOUDFRONT' });
    new CfnOutput(this, 'WebAclArn', {
      value: this.protection.webAcl.attrArn,
      description: 'Pass to the platform stack: -c webAclArn=... (npm run deploy does)',
    });
  }
}
