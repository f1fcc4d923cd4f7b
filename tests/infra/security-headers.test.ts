import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { Web } from '../../infra/constructs/web.ts';

// The CloudFront response headers policies (issue 14, item 7): HSTS on every behaviour, a CSP on both SPAs, the staff
// portal never framed, the shopper page framed by our own pages at /; /embed/* is the API's (the store's own
// frame-ancestors, tests/infra/embed-and-test-mode.test.ts), so no static policy lets any HTTPS origin frame it.

type Policy = {
  Name?: string;
  Comment?: string;
  SecurityHeadersConfig?: Record<string, any>;
  CustomHeadersConfig?: unknown;
};

let policies: Policy[];
let distribution: Record<string, any>;
let functions: { Name: string; FunctionCode: string; FunctionConfig: { Comment: string } }[];

// Minutes, not seconds: a loaded 2-core machine can take over a minute to synthesise the distribution.
beforeAll(() => {
  const stack = new Stack(new App(), 'HeadersTest');
  const httpApi = new apigwv2.HttpApi(stack, 'Api');
  // A project root without dist/: the SPA upload is left out, the distribution and its policies are what matter.
  new Web(stack, 'Web', {
    stage: 'prod',
    projectRoot: mkdtempSync(join(tmpdir(), 'lto-web-')),
    httpApi,
    accessLogsBucket: new s3.Bucket(stack, 'Logs', { objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED }),
  });
  const template = Template.fromStack(stack);
  policies = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy')).map(
    (r) => r.Properties.ResponseHeadersPolicyConfig as Policy,
  );
  distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties
    .DistributionConfig;
  functions = Object.values(template.findResources('AWS::CloudFront::Function')).map((r) => r.Properties);
}, 300_000);

const byComment = (start: string) => {
  const found = policies.find((p) => p.Comment?.startsWith(start));
  if (!found) throw new Error(`no policy "${start}..." among ${policies.map((p) => p.Comment).join(' | ')}`);
  return found;
};

describe('CloudFront security headers', () => {
  it('sends Strict-Transport-Security (two years, subdomains) from every policy', () => {
    expect(policies.length).toBeGreaterThanOrEqual(5);
    for (const policy of policies) {
      expect(policy.SecurityHeadersConfig?.StrictTransportSecurity, policy.Comment).toMatchObject({
        AccessControlMaxAgeSec: 63072000,
        IncludeSubdomains: true,
        Override: true,
      });
      expect(policy.SecurityHeadersConfig?.ContentTypeOptions, policy.Comment).toMatchObject({ Override: true });
    }
  });

  it('never frames the staff portal', () => {
    const staff = byComment('Staff SPA').SecurityHeadersConfig!;
    expect(staff.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
    expect(staff.ContentSecurityPolicy.ContentSecurityPolicy).toContain("frame-ancestors 'none'");
    expect(staff.ContentSecurityPolicy.ContentSecurityPolicy).toContain("script-src 'self'");
  });

  it("never frames the lessee's account at /account/*, and routes it to its own page", () => {
    const account = byComment("Lessee's account SPA").SecurityHeadersConfig!;
    expect(account.FrameOptions).toMatchObject({ FrameOption: 'DENY', Override: true });
    expect(account.ContentSecurityPolicy.ContentSecurityPolicy).toContain("frame-ancestors 'none'");
    expect(account.ContentSecurityPolicy.ContentSecurityPolicy).toContain("frame-src 'self'");
    const behavior = (distribution.CacheBehaviors as { PathPattern: string; FunctionAssociations?: unknown }[]).find(
      (b) => b.PathPattern === '/account/*',
    );
    expect(JSON.stringify(behavior?.FunctionAssociations)).toContain('viewer-request');
    // Run the SPA router as CloudFront would: /account redirects, the account's routes get its page.
    const router = functions.find((f) => f.FunctionConfig.Comment.includes('account SPA'));
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the CloudFront function's own source, as CloudFront does
    const handler = new Function(`${router!.FunctionCode}; return handler;`)() as (event: unknown) => {
      uri?: string;
      statusCode?: number;
      headers?: Record<string, { value: string }>;
    };
    const at = (uri: string) => handler({ request: { uri } });
    expect(at('/account')).toMatchObject({ statusCode: 301, headers: { location: { value: '/account/' } } });
    expect(at('/account/').uri).toBe('/customer/index.html');
    expect(at('/account/assets/x.js').uri).toBe('/account/assets/x.js');
    expect(at('/staff/').uri).toBe('/staff/index.html');
    expect(at('/').uri).toBe('/index.html');
  });

  it('lets only our own pages frame the shopper page at /, and states no framing by any HTTPS origin', () => {
    const shopper = byComment('Shopper SPA: security').SecurityHeadersConfig!.ContentSecurityPolicy
      .ContentSecurityPolicy as string;
    expect(shopper).toMatch(/frame-ancestors 'self'$|frame-ancestors 'self';/);
    expect(shopper).toContain("script-src 'self'");
    expect(distribution.DefaultCacheBehavior.ResponseHeadersPolicyId).toBeDefined();
    for (const policy of policies) {
      const csp = String(policy.SecurityHeadersConfig?.ContentSecurityPolicy?.ContentSecurityPolicy ?? '');
      expect(/frame-ancestors[^;]*https:(?:\s|;|$)/.test(csp), policy.Comment).toBe(false);
    }
  });

  it('adds X-Request-Id to every answer from the bucket (pages and files), keeping a well-formed caller id', () => {
    const fn = functions.find((f) => f.FunctionConfig.Comment.includes('X-Request-Id'));
    expect(fn?.FunctionCode).toContain("response.headers['x-request-id']");
    // Run the function as CloudFront would: the caller's id is kept, a malformed one replaced by CloudFront's.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the CloudFront function's own source, as CloudFront does
    const handler = new Function(`${fn!.FunctionCode}; return handler;`)() as (event: unknown) => {
      headers: Record<string, { value: string }>;
    };
    const event = (given?: string) => ({
      context: { requestId: 'cf-req-id-0001' },
      request: { headers: given ? { 'x-request-id': { value: given } } : {} },
      response: { headers: {} },
    });
    expect(handler(event('req_from_caller_1')).headers['x-request-id']!.value).toBe('req_from_caller_1');
    expect(handler(event('bad id')).headers['x-request-id']!.value).toBe('cf-req-id-0001');
    expect(handler(event()).headers['x-request-id']!.value).toBe('cf-req-id-0001');
    const siteBehaviors = [
      distribution.DefaultCacheBehavior,
      ...(distribution.CacheBehaviors as { PathPattern: string }[]).filter((b) =>
        ['/assets/*', '/staff/*', '/account/*'].includes(b.PathPattern),
      ),
    ];
    expect(siteBehaviors).toHaveLength(4);
    for (const behavior of siteBehaviors) {
      expect(JSON.stringify(behavior.FunctionAssociations), JSON.stringify(behavior)).toContain('viewer-response');
    }
  });
});
