import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/**
 * Path prefixes a caller reaches without any credential, where guessing is the attack: staff and lessee sign-in and
 * password reset, the shopper's PIN (send and confirm), the apply session (initiate), the public sign-up and its
 * uploads, and the OAuth token endpoint.
 */
export const UNAUTHENTICATED_PREFIXES: readonly string[] = [
  '/staff/api/auth/',
  '/customer/api/auth/',
  '/apply-v2/application/verify/',
  '/apply-v2/retailer/',
  '/public/',
  '/oauth/token',
];

/**
 * Requests per IP in WAF's 5-minute window on those prefixes. A store's shoppers can share one address (in-store
 * Wi-Fi): a PIN round is about 3 calls, so 300 lets about 100 applications per store in 5 minutes, far above a
 * store's pace and far below a credential-stuffing run.
 */
export const UNAUTHENTICATED_RATE_LIMIT = 300;

/** AWS managed rule groups, in priority order. */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
] as const;

export interface EdgeProtectionProps {
  stage: string;
  /** CLOUDFRONT (created in us-east-1) or REGIONAL. */
  scope: 'CLOUDFRONT' | 'REGIONAL';
}

/**
 * An AWS WAF web ACL: the managed rule groups, then a per-IP rate limit on the unauthenticated routes. The HTTP API
 * (API Gateway v2) cannot take a web ACL itself; its routes are reached through CloudFront, whose web ACL this is.
 */
export class EdgeProtection extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeProtectionProps) {
    super(scope, id);
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: true,
    });
    const managed: wafv2.CfnWebACL.RuleProperty[] = MANAGED_RULE_GROUPS.map((name, priority) => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          // Uploads (sign-up documents, mass imports) are bodies of up to 9 MB: the 8 KB body limit only counts.
          ...(name === 'AWSManagedRulesCommonRuleSet'
            ? { ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }] }
            : {}),
        },
      },
      visibilityConfig: visibility(name),
    }));
    const prefixMatch = (prefix: string): wafv2.CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: prefix,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });
    const rateLimit: wafv2.CfnWebACL.RuleProperty = {
      name: 'UnauthenticatedRateLimit',
      priority: managed.length,
      action: { block: {} },
      statement: {
        rateBasedStatement: {
          limit: UNAUTHENTICATED_RATE_LIMIT,
          aggregateKeyType: 'IP',
          scopeDownStatement: { orStatement: { statements: UNAUTHENTICATED_PREFIXES.map(prefixMatch) } },
        },
      },
      visibilityConfig: visibility('UnauthenticatedRateLimit'),
    };
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `lease-to-own-${props.stage}-${props.scope.toLowerCase()}`,
      description: `lease-to-own ${props.stage}: managed rule groups and a rate limit on unauthenticated routes`,
      scope: props.scope,
      defaultAction: { allow: {} },
      rules: [...managed, rateLimit],
      visibilityConfig: visibility(`lease-to-own-${props.stage}`),
    });
  }
}
