/**
 * The AWS WAF web ACL in front of the CloudFront distribution (site and API alike), its rules in this order:
 *
 * 1. `signed-in-routes-need-a-token`: a request to a signed-in route (`access: 'user'` or `'staff'` in shared/contract/api.ts)
 *    without an Authorization header is answered 401 here, before it is counted by any limit or
 *    reaches API Gateway, so such requests spend nobody's budget.
 * 2. One rate-based rule per per-client limit (shared/deployment/manifest.ts `ClientLimits`, `clientLimitOf`):
 *    `write-routes-per-ip`, `read-routes-per-ip`, `stripe-webhook-per-ip`. Each counts one IP's requests to its
 *    routes (matched by method and path) over five minutes and answers 429 itself beyond the stage's `waf` limit;
 *    every route of the manifest is counted by exactly one, a new route by the one its method implies. The limits
 *    stay below the routes' throttle bursts (checkStage), so a flood never empties API Gateway's per-route throttle
 *    (a circuit breaker for all callers together) and cannot make every other visitor's request fail. WAF acts on
 *    its counts within seconds, not at once: a client can send somewhat more than its limit before it is blocked.
 * 3. AWS's common rule set (`AWSManagedRulesCommonRuleSet`), with its rules that inspect bodies set to count only:
 *    - `SizeRestrictions_BODY` blocks any body over 8 KB, but the forms' bodies may legitimately be larger (a demo
 *      request or idea with long texts is allowed up to 64 KB, shared/deployment/manifest.ts `maxBodyBytes`), and
 *      each route's own body limit answers 413 with a clear message instead;
 *    - the markup and injection rules (`bodyRules`: cross-site scripting, local and remote file inclusion, the EC2
 *      metadata address) answered a bare 403 to real requests: a signed Stripe event (its JSON quotes whatever a
 *      customer typed) and a form whose text looks like markup (`<b>urgent</b>`, a path in a bug report). They count
 *      in the group and add their labels;
 * 4. `body-rules-outside-validated-routes` blocks on those labels everywhere but the routes whose bodies the app
 *    validates itself (`appValidatedBodyRoutes`: the Stripe webhook checks Stripe's signature, the forms and the
 *    prompt studio validate every field with their zod schema and store text as text). AWS's way of excluding a rule for some requests:
 *    count it, then match its label.
 *
 * CLOUDFRONT-scope ACLs exist only in us-east-1, which is why every stage's region is us-east-1 (infra/stages.ts).
 */
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { clientLimitSetting, resourceName, deployedRoutes, routesLimitedBy, type ClientLimitClass } from '@shared/deployment/manifest';
import { needsSignIn, type RouteName } from '@shared/contract/api';
import type { StageConfig } from '../stages';

/** The 429 body WAF answers, the same as the local API's and API Gateway's throttle answer. */
export const tooManyRequestsBody = JSON.stringify({ message: 'Too many requests' });
/** The 401 body WAF answers for a signed-in route without a token, the same as API Gateway's JWT authorizer's. */
export const unauthorizedBody = JSON.stringify({ message: 'Unauthorized' });

/** The rate-based rule of each per-client limit. */
export const clientLimitRules: Readonly<Record<ClientLimitClass, string>> = {
  writes: 'write-routes-per-ip',
  reads: 'read-routes-per-ip',
  stripeWebhook: 'stripe-webhook-per-ip',
};
export const missingTokenRule = 'signed-in-routes-need-a-token';

/** The common rule set's rules that inspect bodies (besides size), and the label each adds to a request it matches. */
export const bodyRules = {
  CrossSiteScripting_BODY: 'awswaf:managed:aws:core-rule-set:CrossSiteScripting_Body',
  GenericLFI_BODY: 'awswaf:managed:aws:core-rule-set:GenericLFI_Body',
  GenericRFI_BODY: 'awswaf:managed:aws:core-rule-set:GenericRFI_Body',
  EC2MetaDataSSRF_BODY: 'awswaf:managed:aws:core-rule-set:EC2MetaDataSSRF_Body',
} as const;

/** Managed rules of the common rule set that only count (never block), with the reason in the header comment. */
export const countedCommonRules = ['SizeRestrictions_BODY', ...(Object.keys(bodyRules) as (keyof typeof bodyRules)[])] as const;

/** The routes whose bodies the app validates itself, where the body rules' labels block nothing (header comment). */
export const appValidatedBodyRoutes: readonly RouteName[] = [
  'stripeWebhook',
  'createDemoRequest',
  'createContactMessage',
  'createIdea',
  // The prompt studio's answers and hand-edited prompts (issue 40): checked by the app's schemas, stored and shown as
  // text, never as HTML; a prompt may well say "never output <script> tags".
  'keepPromptAnswers',
  'createPromptVersion',
  'keepAccountPromptAnswers',
  'createAccountPromptVersion',
];
export const bodyRulesRule = 'body-rules-outside-validated-routes';

type Statement = CfnWebACL.StatementProperty;

function matches(field: CfnWebACL.FieldToMatchProperty, value: string, positionalConstraint: 'EXACTLY' | 'STARTS_WITH'): Statement {
  return {
    byteMatchStatement: {
      fieldToMatch: field,
      positionalConstraint,
      searchString: value,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
}

function anyOf(statements: Statement[]): Statement {
  if (statements.length === 1) return statements[0] as Statement;
  return { orStatement: { statements } };
}

/** A request to one route: its method, and a path that starts with the route's (a trailing `/` still counts). */
function routeStatement(name: RouteName): Statement {
  const route = deployedRoutes[name];
  return {
    andStatement: {
      statements: [matches({ method: {} }, route.method, 'EXACTLY'), matches({ uriPath: {} }, route.path, 'STARTS_WITH')],
    },
  };
}

/** The routes one per-client limit counts. */
export function limitedRoutesStatement(limit: ClientLimitClass): Statement {
  return anyOf(routesLimitedBy(limit).map(routeStatement));
}

/**
 * A request to a signed-in route without an Authorization header (or an empty one). API Gateway's JWT authorizer
 * takes the token with or without `Bearer `, so only a missing one is refused here; a made-up one is counted by the
 * route's per-client limit and refused by the authorizer.
 */
export function missingTokenStatement(): Statement {
  const signedIn = (Object.keys(deployedRoutes) as RouteName[]).filter((name) => needsSignIn(deployedRoutes[name]));
  const hasAuthorization: Statement = {
    sizeConstraintStatement: {
      fieldToMatch: { singleHeader: { Name: 'authorization' } },
      comparisonOperator: 'GT',
      size: 0,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
  return { andStatement: { statements: [anyOf(signedIn.map(routeStatement)), { notStatement: { statement: hasAuthorization } }] } };
}

function visibility(metricName: string): CfnWebACL.VisibilityConfigProperty {
  return { cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true };
}

export class Firewall extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: { stage: StageConfig }) {
    super(scope, id);
    const { stage } = props;
    const name = resourceName(stage.name, 'site');
    const limits = Object.keys(clientLimitRules) as ClientLimitClass[];
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name,
      description: 'Signed-in routes need a token, per-IP limits on every API route, AWS common rules, in front of the site and its API',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(name),
      customResponseBodies: {
        tooManyRequests: { contentType: 'APPLICATION_JSON', content: tooManyRequestsBody },
        unauthorized: { contentType: 'APPLICATION_JSON', content: unauthorizedBody },
      },
      rules: [
        {
          name: missingTokenRule,
          priority: 0,
          statement: missingTokenStatement(),
          action: {
            block: {
              customResponse: {
                responseCode: 401,
                customResponseBodyKey: 'unauthorized',
                responseHeaders: [{ name: 'www-authenticate', value: 'Bearer' }],
              },
            },
          },
          visibilityConfig: visibility(`${name}-${missingTokenRule}`),
        },
        ...limits.map((limit, i): CfnWebACL.RuleProperty => ({
          name: clientLimitRules[limit],
          priority: 1 + i,
          statement: {
            rateBasedStatement: {
              limit: stage.waf[clientLimitSetting[limit]],
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: limitedRoutesStatement(limit),
            },
          },
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'tooManyRequests' } } },
          visibilityConfig: visibility(`${name}-${clientLimitRules[limit]}`),
        })),
        {
          name: 'aws-common-rules',
          priority: 1 + limits.length,
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              ruleActionOverrides: countedCommonRules.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
            },
          },
          overrideAction: { none: {} },
          visibilityConfig: visibility(`${name}-aws-common-rules`),
        },
        {
          name: bodyRulesRule,
          priority: 2 + limits.length,
          statement: {
            andStatement: {
              statements: [
                anyOf(Object.values(bodyRules).map((key): Statement => ({ labelMatchStatement: { scope: 'LABEL', key } }))),
                { notStatement: { statement: anyOf(appValidatedBodyRoutes.map(routeStatement)) } },
              ],
            },
          },
          action: { block: {} },
          visibilityConfig: visibility(`${name}-${bodyRulesRule}`),
        },
      ],
    });
  }
}
