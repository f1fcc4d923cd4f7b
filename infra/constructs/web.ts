import * as fs from 'node:fs';
import * as path from 'node:path';
import { Duration, Fn, RemovalPolicy } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { isProductionStage } from './settings.ts';
import { STAFF_CSP, shopperCsp } from '../../functions/platform/security-headers.ts';

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
];

/** Sandbox vendor pages and APIs, and the demo retailer's server side: non-production stages only. */
export const SANDBOX_PATH_PATTERNS: readonly string[] = ['/sandbox/*', '/demo/retailer/*'];

export const apiPathPatternsFor = (stage: string): string[] =>
  isProductionStage(stage) ? [...API_PATH_PATTERNS] : [...API_PATH_PATTERNS, ...SANDBOX_PATH_PATTERNS];

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
}

/**
 * The two SPAs (shopper at /, staff at /staff/) from a private S3 bucket through CloudFront with origin access
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
    // retailer frames it through /embed/{retailer}/{store}/ (the checkout's iframe_url).
    const shopperHeaders = new cloudfront.ResponseHeadersPolicy(this, 'ShopperHeaders', {
      comment: 'Shopper SPA: security headers and CSP (framed by our own pages only), HTML never cached by browsers',
      securityHeadersBehavior: {
        ...baseSecurity,
        contentSecurityPolicy: { contentSecurityPolicy: shopperCsp(), override: true },
      },
      customHeadersBehavior: cacheControl('no-cache'),
    });
    // A response headers policy is static, so in AWS the embed page may be framed by any HTTPS origin; the local
    // runtime narrows it to the store's retailer's registered origins (functions/services/embed-origins.ts).
    const embedHeaders = new cloudfront.ResponseHeadersPolicy(this, 'EmbedHeaders', {
      comment: 'Shopper SPA framed by retailers (/embed/*): CSP with HTTPS frame ancestors, HTML never cached',
      securityHeadersBehavior: {
        ...baseSecurity,
        contentSecurityPolicy: { contentSecurityPolicy: shopperCsp(['https:']), override: true },
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

    // SPA routing: extensionless paths get their SPA's index.html; /staff becomes /staff/.
    const staffIndex = fs.existsSync(path.join(distDir, 'staff.html')) ? '/staff.html' : '/staff/index.html';
    const spaRouter = new cloudfront.Function(this, 'SpaRouter', {
      comment: 'Serves index.html of the shopper or staff SPA for extensionless paths',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(
        [
          'function handler(event) {',
          '  var request = event.request;',
          '  var uri = request.uri;',
          "  if (uri === '/staff') {",
          "    return { statusCode: 301, statusDescription: 'Moved Permanently', headers: { location: { value: '/staff/' } } };",
          '  }',
          "  var last = uri.substring(uri.lastIndexOf('/') + 1);",
          "  if (last.indexOf('.') === -1) {",
          `    request.uri = uri.indexOf('/staff/') === 0 ? '${staffIndex}' : '/index.html';`,
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
    additionalBehaviors['/embed/*'] = siteBehavior(embedHeaders, spaRouting);

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `lease-to-own ${props.stage}`,
      defaultRootObject: 'index.html',
      defaultBehavior: siteBehavior(shopperHeaders, spaRouting),
      additionalBehaviors,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
    });

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
    }
  }
}
