import { RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { Keys } from './keys.ts';
import { acknowledge } from './nag.ts';
import { createNodeFunction } from './node-function.ts';
import { settingsFor, type Route } from './settings.ts';

export interface ApiProps {
  stage: string;
  projectRoot: string;
  /** The routes this stage deploys (already without sandbox routes in production). */
  routes: readonly Route[];
  table: dynamodb.ITableV2;
  keys: Keys;
  /** Extra environment for every handler (e.g. EVENT_BUS_NAME). */
  environment: Record<string, string>;
  /**
   * Where the group functions (with their roles and log groups) are created: a nested stack, so that the parent
   * keeps CloudFormation's 500 resources for the routes. Defaults to this construct.
   */
  functionScope?: Construct;
}

/**
 * The stage's throttle (every route): well above a lender's peak (a few hundred requests a second) and below the
 * account's 10,000/s, so a runaway client slows itself rather than the account's other APIs. Unauthenticated routes
 * have a much tighter per-IP limit in the WAF (infra/constructs/edge-protection.ts).
 */
export const API_THROTTLE = { rateLimit: 1000, burstLimit: 2000 } as const;

/** One JSON object per request (HTTP API $context variables): request id, route, status, latency, caller IP. */
export const ACCESS_LOG_FIELDS: Readonly<Record<string, string>> = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  method: '$context.httpMethod',
  routeKey: '$context.routeKey',
  path: '$context.path',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  latencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  userAgent: '$context.identity.userAgent',
};

/** Route path -> a construct id fragment ('/apply-v2/retailer/{retailer}' -> 'ApplyV2RetailerRetailer'). */
const idFor = (method: string, path: string) =>
  method +
  (path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('') || 'Root');

/**
 * The HTTP API built from the route table: one Lambda function per route group (entry functions/http/<group>.ts),
 * one API route per table entry with the method and path exactly as written there.
 */
export class Api extends Construct {
  readonly httpApi: apigwv2.HttpApi;
  readonly stage: apigwv2.HttpStage;
  readonly functions: ReadonlyMap<string, nodejs.NodejsFunction>;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const prod = props.stage === 'prod';

    // Same-origin through CloudFront: no CORS configuration.
    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      apiName: `lease-to-own-${props.stage}`,
      description: `lease-to-own ${props.stage}: shopper, staff, retailer and webhook API`,
      createDefaultStage: false,
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
      throttle: API_THROTTLE,
    });
    acknowledge(
      this,
      'AwsSolutions-APIG4',
      "Authorisation is done in the function, per route's `auth` in functions/http/routes.ts: apply tokens, staff sessions with CSRF, retailer API tokens (hashed), signed vendor callbacks; an API Gateway authoriser cannot check these, and public routes (health, sign-up, sign-in) need none",
    );

    const functions = new Map<string, nodejs.NodejsFunction>();
    const integrations = new Map<string, HttpLambdaIntegration>();
    const integrationFor = (group: string) => {
      let integration = integrations.get(group);
      if (integration) return integration;
      const settings = settingsFor(group);
      const fn = createNodeFunction(props.functionScope ?? this, `${idFor('', group)}Function`, {
        bundleName: group,
        stage: props.stage,
        projectRoot: props.projectRoot,
        entry: `functions/http/${group}.ts`,
        description: `lease-to-own ${props.stage}: HTTP route group '${group}'`,
        timeoutSeconds: settings.timeoutSeconds,
        memoryMb: settings.memoryMb,
        environment: {
          TABLE_NAME: props.table.tableName,
          ...props.keys.environment,
          ...props.environment,
        },
      });
      props.table.grantReadWriteData(fn);
      props.keys.grantPiiUse(fn);
      functions.set(group, fn);
      // One API-wide invoke permission per function instead of one per route: the resource policy of a function
      // with many routes would otherwise outgrow Lambda's 20 KB limit.
      integration = new HttpLambdaIntegration(`${idFor('', group)}Integration`, fn, { scopePermissionToRoute: false });
      integrations.set(group, integration);
      return integration;
    };

    const usedIds = new Set<string>();
    for (const route of props.routes) {
      let routeId = `Route${idFor(route.method, route.path)}`;
      for (let n = 2; usedIds.has(routeId); n++) routeId = `Route${idFor(route.method, route.path)}${n}`;
      usedIds.add(routeId);
      new apigwv2.HttpRoute(this, routeId, {
        httpApi: this.httpApi,
        routeKey: apigwv2.HttpRouteKey.with(route.path, route.method as apigwv2.HttpMethod),
        integration: integrationFor(route.group),
      });
    }
    this.functions = functions;
  }

  /** https://<id>.execute-api.<region>.amazonaws.com/ */
  get url(): string {
    return this.stage.url;
  }
}
