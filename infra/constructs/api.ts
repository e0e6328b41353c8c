/**
 * The HTTP API from shared/deployment/manifest.ts `routes`.
 *
 * The API resource itself (`ApiEndpoint`) lives in the edge stack, because the CloudFront distribution serves it
 * at `/api/*` and must name its domain. Everything that changes with the code (one function per FunctionDef a
 * route uses, the routes, the JWT authorizer on `access: 'user'` and `'staff'` routes only, the `$default` stage with per-route
 * throttling and JSON access logs) is added here, in the stateless stack, onto an imported handle of that API.
 */
import { Stack } from 'aws-cdk-lib';
import {
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  CfnStage,
  type IHttpApi,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { CfnPermission } from 'aws-cdk-lib/aws-lambda';
import type { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Duration } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { resourceName, deployedRoutes, userPool, type FunctionName, type DeployedRouteDef } from '@shared/deployment/manifest';
import { needsSignIn, type RouteName } from '@shared/contract/api';
import type { SettingName } from '@shared/deployment/settings';
import type { StageConfig } from '../stages';
import { AppFunction, type FunctionResources } from './app-function';
import { acknowledge, guardAck } from '../lib/nag';
import { stageLogGroup } from '../lib/log-group';

/** The bare API: created first (edge stack) so the distribution can point at it. No CORS: it is same-origin. */
export class ApiEndpoint extends Construct {
  readonly api: HttpApi;

  constructor(scope: Construct, id: string, props: { stage: StageConfig }) {
    super(scope, id);
    this.api = new HttpApi(this, 'HttpApi', {
      apiName: resourceName(props.stage.name, 'api'),
      description: 'Agency site API (routes from shared/deployment/manifest.ts). Browsers reach it through the site at /api/*.',
      createDefaultStage: false,
    });
  }
}

export interface ApiProps {
  readonly stage: StageConfig;
  /** The API resource from the edge stack. */
  readonly endpoint: IHttpApi;
  readonly settings: Partial<Record<SettingName, string>>;
  readonly resources: FunctionResources;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /** The secret the distribution sends to the API; every API function checks requests carry it. */
  readonly originVerify: ISecret;
}

/** API Gateway's `$context` variables, as one JSON line per request. */
const accessLogFormat = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    requestTime: '$context.requestTime',
    ip: '$context.identity.sourceIp',
    userAgent: '$context.identity.userAgent',
    method: '$context.httpMethod',
    routeKey: '$context.routeKey',
    path: '$context.path',
    status: '$context.status',
    protocol: '$context.protocol',
    responseLength: '$context.responseLength',
    latencyMs: '$context.responseLatency',
    integrationLatencyMs: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
    authorizerError: '$context.authorizer.error',
  }),
);

export const routeKey = (route: DeployedRouteDef): string => `${route.method} ${route.path}`;

export class Api extends Construct {
  readonly functions: Partial<Record<FunctionName, AppFunction>> = {};
  readonly routes: Partial<Record<RouteName, HttpRoute>> = {};
  readonly stage: HttpStage;
  readonly accessLogs: LogGroup;
  readonly serverErrors: Metric;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { stage } = props;
    // An imported handle created in THIS scope, so integrations, permissions and the authorizer are created in
    // this stack rather than in the edge stack that owns the API (which would make the edge stack depend on us).
    const api = HttpApi.fromHttpApiAttributes(this, 'Endpoint', {
      httpApiId: props.endpoint.apiId,
      apiEndpoint: props.endpoint.apiEndpoint,
    });

    const authorizer = new HttpUserPoolAuthorizer('CognitoAccessToken', props.userPool, {
      userPoolClients: [props.userPoolClient],
      identitySource: ['$request.header.Authorization'],
      authorizerName: resourceName(stage.name, 'users'),
    });

    const integrations: Partial<Record<FunctionName, HttpLambdaIntegration>> = {};
    const integrationFor = (fn: FunctionName): HttpLambdaIntegration => {
      let integration = integrations[fn];
      if (!integration) {
        const made = new AppFunction(this, fn, {
          stage,
          name: fn,
          settings: props.settings,
          resources: props.resources,
          originVerify: props.originVerify,
        });
        this.functions[fn] = made;
        integration = new HttpLambdaIntegration(`${fn}Integration`, made.fn);
        integrations[fn] = integration;
      }
      return integration;
    };

    for (const [name, route] of Object.entries(deployedRoutes) as [RouteName, DeployedRouteDef][]) {
      this.routes[name] = new HttpRoute(this, `Route${name}`, {
        httpApi: api,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: integrationFor(route.fn),
        // Staff routes are user routes to API Gateway; the staff group is checked by the handler (lambdas/lib/http.ts).
        // The scope only access tokens carry: the authorizer alone accepts an ID token too (its `aud` is the client).
        ...(needsSignIn(route) ? { authorizer, authorizationScopes: [userPool.signedInScope] } : {}),
      });
      // The permission lets API Gateway invoke the function for this route; it names the API by an imported id,
      // so the account is stated too (Control Tower's CT.LAMBDA.PR.2): no other account's API can invoke it.
      for (const c of this.routes[name].node.findAll()) if (c instanceof CfnPermission) c.sourceAccount = stage.account;
      if (route.access === 'public') {
        const reason = `${routeKey(route)} is public by design (shared/deployment/manifest.ts access: 'public'): ${publicRouteReason(name)}`;
        acknowledge(this.routes[name], [
          { id: 'AwsSolutions-APIG4', reason },
          guardAck('api_gw_v2_authorization_type_configured_check', reason),
        ]);
      }
    }

    this.accessLogs = stageLogGroup(this, 'AccessLogs', stage, { logGroupName: `/aws/apigateway/${resourceName(stage.name, 'api')}` });

    const throttles = Object.values(deployedRoutes).map((r: DeployedRouteDef) => r.throttle);
    this.stage = new HttpStage(this, 'Stage', {
      httpApi: api,
      stageName: '$default',
      autoDeploy: true,
      // Per-route throttles are circuit breakers for all callers together (shared/deployment/manifest.ts); one client's
      // flood is stopped earlier by the WAF's per-IP limit. The default applies to anything without its own
      // setting; every route has one below.
      throttle: { rateLimit: Math.max(...throttles.map((t) => t.rate)), burstLimit: Math.max(...throttles.map((t) => t.burst)) },
      accessLogSettings: { destination: new LogGroupLogDestination(this.accessLogs), format: accessLogFormat },
    });
    const cfnStage = this.stage.node.defaultChild as CfnStage;
    cfnStage.routeSettings = Object.fromEntries(
      Object.values(deployedRoutes).map((r: DeployedRouteDef) => [
        routeKey(r),
        { ThrottlingRateLimit: r.throttle.rate, ThrottlingBurstLimit: r.throttle.burst },
      ]),
    );
    // Route settings may only name routes that already exist.
    for (const route of Object.values(this.routes)) if (route) this.stage.node.addDependency(route);

    this.serverErrors = new Metric({
      namespace: 'AWS/ApiGateway',
      metricName: '5xx',
      dimensionsMap: { ApiId: props.endpoint.apiId, Stage: '$default' },
      statistic: 'Sum',
      period: Duration.minutes(5),
      region: Stack.of(this).region,
    });
  }
}

function publicRouteReason(name: RouteName): string {
  switch (name) {
    case 'stripeWebhook':
      return 'Stripe calls it; every request is authenticated by its Stripe-Signature header instead.';
    case 'openAttachment':
      return 'support staff open it from a notification mail without an account; it only redirects for attachment keys a stored submission refers to, for 7 days.';
    case 'getPrompt':
      return 'buyers need no account; where the stage sells prompts the handler serves only purchases Stripe confirmed.';
    default:
      return 'anonymous visitors submit it; the handler validates input, the body size is limited, the WAF limits each IP and API Gateway throttles the route.';
  }
}
