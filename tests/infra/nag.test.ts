import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { EdgeStack } from '../../infra/stacks/edge-stack.ts';
import { PlatformStack, REPO_ROOT } from '../../infra/stacks/platform-stack.ts';

// cdk-nag's AwsSolutions and Serverless packs on the production stage (issue 26): every finding is fixed or
// acknowledged on its construct with the reason (infra/constructs/nag.ts). A finding fails the synth.

const WEB_ACL_ARN = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/lease-to-own-prod-cloudfront/0000';

interface Report {
  pluginReports: {
    pluginName: string;
    violations: { ruleName: string; violatingConstructs: { constructPath: string }[] }[];
  }[];
}

/** Synthesises prod (bundling skipped) with both packs; returns the unanswered findings as "rule at path" lines. */
function unansweredFindings(projectRoot: string): string[] {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'lto-nag-'));
  const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [] } });
  new EdgeStack(app, 'LeaseToOwn-prod-edge', { stage: 'prod', env: { region: 'us-east-1' } });
  new PlatformStack(app, 'LeaseToOwn-prod', { stage: 'prod', projectRoot, webAclArn: WEB_ACL_ARN });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
  try {
    app.synth();
    return [];
  } catch (error) {
    const reportFile = path.join(outdir, 'validation-report.json');
    if (!fs.existsSync(reportFile)) throw error;
    const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as Report;
    return report.pluginReports.flatMap((plugin) =>
      plugin.violations.flatMap((v) => v.violatingConstructs.map((c) => `${v.ruleName} at ${c.constructPath}`)),
    );
  } finally {
    fs.rmSync(outdir, { recursive: true, force: true });
  }
}

/** A project root like the repository's, with a built dist/ (the SPA upload adds CDK's own deployment function). */
function projectWithDist(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lto-nag-root-'));
  for (const entry of ['node_modules', 'functions', 'machines', 'infra', 'package.json', 'package-lock.json'])
    fs.symlinkSync(path.join(REPO_ROOT, entry), path.join(root, entry));
  fs.mkdirSync(path.join(root, 'dist'));
  fs.writeFileSync(path.join(root, 'dist', 'index.html'), '<!doctype html><title>x</title>');
  return root;
}

describe('cdk-nag (AwsSolutions, Serverless) on prod', () => {
  it('leaves no finding unanswered', () => {
    expect(unansweredFindings(REPO_ROOT)).toEqual([]);
  });

  it('leaves none either when the SPA build is uploaded (CDK’s bucket deployment function)', () => {
    const root = projectWithDist();
    try {
      expect(unansweredFindings(root)).toEqual([]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
