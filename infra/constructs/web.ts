import * as fs from 'node:fs';
import * as path from 'node:path';
import { Duration, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { acknowledge } from './nag.ts';
import { isProductionStage } from './settings.ts';
import { ACCOUNT_CSP, STAFF_CSP, shopperCsp } from '../../functions/platform/security-headers.ts';

/**
 * CloudFront path patterns served by the HTTP API, in precedence order. Everything else is the SPA bucket.
 * `/*\/system/*` is `/{brand}/system/*`. The stack checks that every deployed route is covered by one of these.
 */
export const API_PATH_PATTERNS: readonly string[] = [
  '/apply-v2/*',
  '/api/*',
  '/system/*',
  '/staff/api/*',
  '/retailer/*',
  '/webhooks/*',
  '/keep-alive',
  '/health',
  '/*/system/*',
  // the public sign-up (draft, documents, form) and the OAuth token endpoint
  '/public/*',
  '/oauth/*',
  // the retailer API's reference page (/docs/retailer; its OpenAPI document is under /retailer/*)
  '/docs/*',
  // the mobile app's API (notifications, welcome slides)
  '/mobile/*',
  // the lessee's account API (issue 22; its pages are the SPA's /account/)
  '/customer/api/*',
  // the shopper portal framed by a store's retailer: a function answers the shell with the store's own
  // frame-ancestors (GET /embed/{shell+}), which a static response headers policy cannot state
  '/embed/*',
];

/** Sandbox vendor pages and APIs, and the demo retailer's server side: non-production stages only. */
export const SANDBOX_PATH_PATTERNS: readonly string[] = ['/sandbox/*', '/demo/retailer/*'];

/**
 * Production's share of the sandbox: the checkout vendors' pages a test checkout needs (auth 'test-mode'), which open
 * only a test checkout's envelopes and card sessions there (functions/services/test-mode.ts).
 */
export const TEST_MODE_PATH_PATTERNS: readonly string[] = ['/sandbox/esign/*', '/sandbox/vault/*'];

export const apiPathPatternsFor = (stage: string): string[] =>
  isProductionStage(stage)
    ? [...API_PATH_PATTERNS, ...TEST_MODE_PATH_PATTERNS]
    : [...API_PATH_PATTERNS, ...SANDBOX_PATH_PATTERNS];

/** CloudFront path-pattern semantics: `*` any run of characters (slashes included), `?` exactly one. */
export function matchesPathPattern(pattern: string, urlPath: string): boolean {
  const regex = new RegExp(
    '^' +
      pattern
        .split('')
        .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
        .join('') +
      '$',
  );
  return regex.test(urlPath);
}

export interface WebProps {
  stage: string;
  projectRoot: string;
  httpApi: apigwv2.IHttpApi;
  /** Where CloudFront's standard logs (prefix `cloudfront/`) and the site bucket's access logs (`s3/site/`) go. */
  accessLogsBucket: s3.IBucket;
  /**
   * The stage's own domain and its ACM certificate (us-east-1). With them the viewer TLS minimum is TLS 1.2 (2021
   * policy); the default *.cloudfront.net certificate's policy is fixed by CloudFront and still admits TLS 1.0.
   */
  customDomain?: { domainName: string; certificateArn: string };
  /** A CloudFront-scoped AWS WAF web ACL (created in us-east-1 by the edge stack: infra/stacks/edge-stack.ts). */
  webAclArn?: string;
}

/**
 * The three SPAs (shopper at /, staff at /staff/, the lessee's account at /account/) from a private S3 bucket through CloudFront with origin access
 * control, and the API paths through the same distribution (same origin, so no CORS and SameSite=Strict cookies).
 */
export class Web extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** Undefined when dist/ did not exist at synth time (run `npm run build` first to ship the SPAs). */
  readonly deployment?: s3deploy.BucketDeployment;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const prod = isProductionStage(props.stage);
    const distDir = path.join(props.projectRoot, 'dist');

    this.bucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !prod,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 's3/site/',
    });

    const hsts = { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true };
    const baseSecurity: cloudfront.ResponseSecurityHeadersBehavior = {
      strictTransportSecurity: hsts,
      contentTypeOptions: { override: true },
      referrerPolicy: {
        referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
    };
    const cacheControl = (value: string): cloudfront.ResponseCustomHeadersBehavior => ({
      customHeaders: [{ header: 'Cache-Control', value, override: true }],
    });
    // The shopper portal's policy (functions/platform/security-headers.ts): framed by our own pages only at `/`; a
    // retailer frames it through /embed/{retailer}/{store}/ (the checkout's iframe_url), answered by the API with the
    // store's registered origins as its frame-ancestors (API_PATH_PATTERNS).
    const shopperHeaders = new cloudfront.ResponseHeadersPolicy(this, 'ShopperHeaders', {
      comment: 'Shopper SPA: security headers and CSP (framed by our own pages only), HTML never cached by browsers',
      securityHeadersBehavior: {
        ...baseSecurity,
        contentSecurityPolicy: { contentSecurityPolicy: shopperCsp(), override: true },
      },
      customHeadersBehavior: cacheControl('no-cache'),
    });
    const assetHeaders = new cloudfront.ResponseHeadersPolicy(this, 'AssetHeaders', {
      comment: 'Hashed SPA assets: security headers, cached for a year',
      securityHeadersBehavior: baseSecurity,
      customHeadersBehavior: cacheControl('public, max-age=31536000, immutable'),
    });
    // The staff portal is never framed.
    const staffHeaders = new cloudfront.ResponseHeadersPolicy(this, 'StaffHeaders', {
      comment: 'Staff SPA: security headers, no framing, HTML never cached by browsers',
      securityHeadersBehavior: {
        ...baseSecurity,
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: STAFF_CSP, override: true },
      },
      customHeadersBehavior: cacheControl('no-cache'),
    });
    // The lessee's account is never framed either (signed in with a session cookie).
    const accountHeaders = new cloudfront.ResponseHeadersPolicy(this, 'AccountHeaders', {
      comment: "Lessee's account SPA: security headers, no framing, HTML never cached by browsers",
      securityHeadersBehavior: {
        ...baseSecurity,
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: ACCOUNT_CSP, override: true },
      },
      customHeadersBehavior: cacheControl('no-cache'),
    });
    // The API sets its own caching and content headers; CloudFront adds transport security only.
    const apiHeaders = new cloudfront.ResponseHeadersPolicy(this, 'ApiHeaders', {
      comment: 'API: HSTS, nosniff, referrer policy',
      securityHeadersBehavior: {
        strictTransportSecurity: hsts,
        contentTypeOptions: { override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: false,
        },
      },
    });

    // SPA routing: extensionless paths get their SPA's index.html; /staff becomes /staff/, /account becomes /account/
    // (the account's page is built as customer/index.html).
    const staffIndex = fs.existsSync(path.join(distDir, 'staff.html')) ? '/staff.html' : '/staff/index.html';
    const spaRouter = new cloudfront.Function(this, 'SpaRouter', {
      comment: 'Serves index.html of the shopper, staff or account SPA for extensionless paths',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(
        [
          'function handler(event) {',
          '  var request = event.request;',
          '  var uri = request.uri;',
          "  if (uri === '/staff' || uri === '/account') {",
          "    return { statusCode: 301, statusDescription: 'Moved Permanently', headers: { location: { value: uri + '/' } } };",
          '  }',
          "  var last = uri.substring(uri.lastIndexOf('/') + 1);",
          "  if (last.indexOf('.') === -1) {",
          `    request.uri = uri.indexOf('/staff/') === 0 ? '${staffIndex}' : uri.indexOf('/account/') === 0 ? '/customer/index.html' : '/index.html';`,
          '  }',
          '  return request;',
          '}',
        ].join('\n'),
      ),
    });
    const spaRouting: cloudfront.FunctionAssociation[] = [
      { function: spaRouter, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
    ];
    // X-Request-Id on the pages and files too (the API's answers carry the Lambda's): the caller's well-formed id
    // (functions/platform/request-id.ts) or CloudFront's own request id.
    const requestIdHeader = new cloudfront.Function(this, 'RequestIdHeader', {
      comment: 'Adds X-Request-Id to the SPA answers',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(
        [
          'function handler(event) {',
          '  var response = event.response;',
          "  var given = event.request.headers['x-request-id'];",
          '  var id = given && /^[A-Za-z0-9._:-]{8,128}$/.test(given.value) ? given.value : event.context.requestId;',
          "  response.headers['x-request-id'] = { value: id };",
          '  return response;',
          '}',
        ].join('\n'),
      ),
    });
    const requestIdAssociation: cloudfront.FunctionAssociation = {
      function: requestIdHeader,
      eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE,
    };

    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);
    // https://<id>.execute-api.<region>.amazonaws.com -> the host name.
    const apiOrigin = new origins.HttpOrigin(Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint)), {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
    });
    const apiBehavior: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: apiHeaders,
      compress: true,
    };
    const siteBehavior = (
      responseHeadersPolicy: cloudfront.IResponseHeadersPolicy,
      functionAssociations?: cloudfront.FunctionAssociation[],
    ): cloudfront.BehaviorOptions => ({
      origin: siteOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy,
      compress: true,
      functionAssociations: [...(functionAssociations ?? []), requestIdAssociation],
    });

    // Order is precedence: the API patterns (including /staff/api/*) before /staff/*.
    const additionalBehaviors: Record<string, cloudfront.BehaviorOptions> = {};
    for (const pattern of apiPathPatternsFor(props.stage)) additionalBehaviors[pattern] = apiBehavior;
    additionalBehaviors['/assets/*'] = siteBehavior(assetHeaders);
    additionalBehaviors['/staff/*'] = siteBehavior(staffHeaders, spaRouting);
    additionalBehaviors['/account/*'] = siteBehavior(accountHeaders, spaRouting);

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `lease-to-own ${props.stage}`,
      defaultRootObject: 'index.html',
      defaultBehavior: siteBehavior(shopperHeaders, spaRouting),
      additionalBehaviors,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.accessLogsBucket,
      logFilePrefix: 'cloudfront/',
      ...(props.customDomain
        ? {
            domainNames: [props.customDomain.domainName],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', props.customDomain.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
    });
    if (!props.customDomain) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        "The default *.cloudfront.net certificate's security policy is CloudFront's own; deploy with -c domainName=... -c certificateArn=... (infra/README.md) for TLS 1.2 minimum",
      );
    }
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'No geo restriction: shoppers apply from anywhere in the US and its territories and staff may travel; eligibility by state is checked by the decision engine, and the WAF rate-limits abuse',
    );

    if (fs.existsSync(distDir)) {
      this.deployment = new s3deploy.BucketDeployment(this, 'SiteDeployment', {
        sources: [s3deploy.Source.asset(distDir)],
        destinationBucket: this.bucket,
        // Keep the previous build's hashed chunks: open sessions still lazy-load them.
        prune: false,
        distribution: this.distribution,
        distributionPaths: ['/*'],
        memoryLimit: 512,
      });
      this.acknowledgeDeploymentHandler();
    }
  }

  /**
   * CDK's own bucket deployment handler (a singleton at the stack's root, run only while deploying) has CDK's
   * runtime, role and policies, which this project cannot change: each of its findings is acknowledged by name.
   */
  private acknowledgeDeploymentHandler(): void {
    const stack = Stack.of(this);
    const handler = stack.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!handler) return;
    const reason =
      "CDK's bucket deployment handler (aws-s3-deployment): runs during deploys only; its runtime and role are CDK's";
    const siteBucketId = stack.getLogicalId(this.bucket.node.defaultChild as s3.CfnBucket);
    for (const rule of [
      'AwsSolutions-L1',
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      'AwsSolutions-IAM5[Resource::*]',
      'AwsSolutions-IAM5[Action::s3:GetObject*]',
      'AwsSolutions-IAM5[Action::s3:GetBucket*]',
      'AwsSolutions-IAM5[Action::s3:List*]',
      'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
      'AwsSolutions-IAM5[Action::s3:Abort*]',
      'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]',
      `AwsSolutions-IAM5[Resource::<${siteBucketId}.Arn>/*]`,
      'Serverless-LambdaDLQ',
      'Serverless-LambdaLatestVersion',
      'Serverless-LambdaTracing',
    ])
      acknowledge(handler, rule, reason);
  }
}
