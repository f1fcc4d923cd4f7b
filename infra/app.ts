import { App } from 'aws-cdk-lib';
import { EdgeStack } from './stacks/edge-stack.ts';
import { PlatformStack } from './stacks/platform-stack.ts';

// Environment-agnostic on purpose: no account or region lookups, so `cdk synth` works offline and without
// credentials. `cdk deploy` takes the account and region from the caller's AWS profile.
const app = new App();
const stage = String(app.node.tryGetContext('stage') ?? process.env.STAGE ?? 'dev');
if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
  throw new Error(`Invalid stage "${stage}": use lower-case letters, digits and dashes (e.g. dev, staging, prod).`);
}

new PlatformStack(app, `LeaseToOwn-${stage}`, {
  stage,
  description: `Lease-to-own platform (${stage}): DynamoDB, HTTP API on Lambda, EventBridge/SQS, S3 + CloudFront, KMS`,
  tags: { project: 'lease-to-own', stage },
});

// AWS WAF takes CloudFront web ACLs in us-east-1 only; npm run deploy deploys this first and passes its ARN on.
new EdgeStack(app, `LeaseToOwn-${stage}-edge`, {
  stage,
  env: { region: 'us-east-1' },
  description: `Lease-to-own platform (${stage}): the CloudFront web ACL (AWS WAF, us-east-1)`,
  tags: { project: 'lease-to-own', stage },
});

app.synth();
