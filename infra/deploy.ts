// npm run deploy -- --stage NAME [--alarm-email a@b] [--domain shop.example.com --certificate-arn arn:...]
//   [--restored-table-name T --restored-table-stream-arn S] [-- extra cdk deploy arguments]
// One command for a stage: the web build, the edge stack (the CloudFront web ACL, us-east-1), then the platform
// stack with the web ACL's ARN. CloudFormation creates the platform secret on the first deploy (infra/README.md,
// "Secrets"); a later deploy keeps it, the table, the bus and the queues (tests/infra/operations.test.ts).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from './stacks/platform-stack.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    stage: { type: 'string' },
    'alarm-email': { type: 'string' },
    domain: { type: 'string' },
    'certificate-arn': { type: 'string' },
    'restored-table-name': { type: 'string' },
    'restored-table-stream-arn': { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const stage = values.stage;
if (!stage || !/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
  console.error(
    'Usage: npm run deploy -- --stage NAME   (lower-case letters, digits and dashes, e.g. dev, staging, prod)',
  );
  process.exit(2);
}

const env = { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DISABLE_VERSION_CHECK: '1' };
const run = (command: string, args: string[]) => {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: REPO_ROOT, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
const cdk = (args: string[]) =>
  run(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'aws-cdk', 'bin', 'cdk'), ...args, ...positionals]);

if (!values['skip-build']) run('npm', ['run', 'build']);

const outputs = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lto-deploy-')), 'edge.json');
const edgeStack = `LeaseToOwn-${stage}-edge`;
cdk(['deploy', edgeStack, '-c', `stage=${stage}`, '--outputs-file', outputs]);
const webAclArn = (JSON.parse(fs.readFileSync(outputs, 'utf8')) as Record<string, Record<string, string>>)[edgeStack]
  ?.WebAclArn;
if (!webAclArn) throw new Error(`${edgeStack} has no WebAclArn output`);

const context = (key: string, value: string | undefined) => (value ? ['-c', `${key}=${value}`] : []);
cdk([
  'deploy',
  `LeaseToOwn-${stage}`,
  '-c',
  `stage=${stage}`,
  '-c',
  `webAclArn=${webAclArn}`,
  ...context('alarmEmail', values['alarm-email']),
  ...context('domainName', values.domain),
  ...context('certificateArn', values['certificate-arn']),
  ...context('restoredTableName', values['restored-table-name']),
  ...context('restoredTableStreamArn', values['restored-table-stream-arn']),
]);
console.log(
  `\nDeployed ${stage}. Smoke it: npm run smoke -- --base <DistributionUrl above> (README, "Run it in AWS").`,
);
