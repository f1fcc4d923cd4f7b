import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/http/routes.ts';
import { routesForStage } from '../../infra/constructs/settings.ts';
import { matchesPathPattern, TEST_MODE_PATH_PATTERNS } from '../../infra/constructs/web.ts';
import { PlatformStack } from '../../infra/stacks/platform-stack.ts';

// Issue 26, items 3 and 4 in the synthesized prod stage: the store's embed page is answered by a function (its
// frame-ancestors are the store's retailer's registered origins, not a static "any HTTPS origin"), and the sandbox
// checkout pages a test checkout needs are deployed in production too, and nothing else of the sandbox.

type Resource = { Type: string; Properties: Record<string, any> };
type Behavior = { PathPattern: string; TargetOriginId: string; CachePolicyId: unknown; AllowedMethods: string[] };

let resources: Record<string, Resource>;
let behaviors: Behavior[];
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const behavior = (pattern: string) => {
  const found = behaviors.find((b) => b.PathPattern === pattern);
  if (!found) throw new Error(`no behaviour ${pattern} among ${behaviors.map((b) => b.PathPattern).join(' ')}`);
  return found;
};
/** Route key -> the route group whose function it integrates with (the function's description names its group). */
let groupOfRoute: Map<string, string>;

beforeAll(() => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new PlatformStack(app, 'LeaseToOwn-prod', { stage: 'prod' });
  const root = Template.fromStack(stack).toJSON();
  const functions = Template.fromStack(stack.apiFunctions).toJSON();
  resources = { ...root.Resources, ...functions.Resources };
  behaviors = ofType('AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig.CacheBehaviors;
  // Integration URI: the functions stack's output of the function's ARN.
  const outputs = functions.Outputs as Record<string, { Value: { 'Fn::GetAtt': [string, string] } }>;
  groupOfRoute = new Map();
  for (const [, route] of ofType('AWS::ApiGatewayV2::Route')) {
    const integrationId = route.Properties.Target['Fn::Join'][1][1].Ref as string;
    const uri = resources[integrationId]!.Properties.IntegrationUri['Fn::GetAtt'] as [string, string];
    const fnId = outputs[uri[1].replace(/^Outputs\./, '')]!.Value['Fn::GetAtt'][0];
    const group = /HTTP route group '([^']+)'/.exec(String(resources[fnId]!.Properties.Description))?.[1];
    groupOfRoute.set(route.Properties.RouteKey as string, group ?? '?');
  }
}, 300_000);

describe("the store's frame-ancestors in AWS", () => {
  it('sends /embed/* to the API, uncached, where the apply function answers with the store policy', () => {
    const embed = behavior('/embed/*');
    const api = behavior('/apply-v2/*');
    expect(embed.TargetOriginId).toBe(api.TargetOriginId);
    expect(embed.CachePolicyId).toEqual(api.CachePolicyId);
    expect(groupOfRoute.get('GET /embed/{shell+}')).toBe('apply');
    expect(matchesPathPattern('/embed/*', '/embed/demo-electronics/main-street/')).toBe(true);
  });

  it('states no "any HTTPS origin" framing in any CloudFront policy', () => {
    for (const [, policy] of ofType('AWS::CloudFront::ResponseHeadersPolicy')) {
      const config = policy.Properties.ResponseHeadersPolicyConfig;
      const csp = String(config.SecurityHeadersConfig?.ContentSecurityPolicy?.ContentSecurityPolicy ?? '');
      expect(/frame-ancestors[^;]*https:(?:\s|;|$)/.test(csp), config.Comment).toBe(false);
    }
  });
});

describe('test mode in production', () => {
  const sandboxKeys = () => [...groupOfRoute.keys()].filter((key) => key.includes(' /sandbox/')).sort();

  it("deploys the sandbox checkout vendors' pages a test checkout needs, and no other sandbox route", () => {
    const testModeRoutes = routes.filter((r) => r.auth === 'test-mode');
    expect(testModeRoutes.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/sandbox/esign/{envelopeId}',
        '/sandbox/vault/fields/{sessionId}',
        '/sandbox/vault/tokenize',
      ]),
    );
    expect(sandboxKeys()).toEqual(testModeRoutes.map((r) => `${r.method} ${r.path}`).sort());
    for (const key of sandboxKeys()) expect(groupOfRoute.get(key), key).toBe('sandbox-checkout');
    // Nothing for live use is lost, nothing sandbox-only is added: exactly the stage's route table.
    expect(new Set(groupOfRoute.keys())).toEqual(
      new Set(routesForStage(routes, 'prod').map((r) => `${r.method} ${r.path}`)),
    );
    expect(groupOfRoute.has('GET /sandbox/messages')).toBe(false);
    expect(groupOfRoute.has('POST /sandbox/checkout-vendors/{vendor}/{operation}')).toBe(false);
  });

  it('reaches them through CloudFront by their own paths only (not /sandbox/* nor the demo retailer)', () => {
    const patterns = behaviors.map((b) => b.PathPattern);
    for (const pattern of TEST_MODE_PATH_PATTERNS) {
      expect(patterns).toContain(pattern);
      expect(behavior(pattern).TargetOriginId).toBe(behavior('/apply-v2/*').TargetOriginId);
    }
    expect(patterns).not.toContain('/sandbox/*');
    expect(patterns).not.toContain('/demo/retailer/*');
    for (const key of sandboxKeys()) {
      const path = key.split(' ')[1]!;
      expect(
        TEST_MODE_PATH_PATTERNS.some((p) => matchesPathPattern(p, path)),
        path,
      ).toBe(true);
    }
  });
});
