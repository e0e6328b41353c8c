/**
 * The AWS WAF web ACL in front of the CloudFront distribution (site and API alike):
 *
 * 1. `write-routes-per-ip`: one IP may send at most the stage's `waf.writeRequestsPer5MinPerIp` requests to the
 *    write routes (shared/deployment/manifest.ts `writeRoutes`, matched by method and path) in any five minutes; beyond that
 *    WAF answers 429 itself, so a flood never reaches API Gateway's per-route throttle (a circuit breaker for
 *    all callers together) and cannot make every other visitor's submission fail.
 * 2. AWS's common rule set (`AWSManagedRulesCommonRuleSet`), with `SizeRestrictions_BODY` set to count only:
 *    that rule blocks any body over 8 KB, but the forms' bodies may legitimately be larger (a demo request or
 *    idea with long texts is allowed up to 64 KB, shared/deployment/manifest.ts `maxBodyBytes`), and
 *    each route's own body limit answers 413 with a clear message instead.
 *
 * CLOUDFRONT-scope ACLs exist only in us-east-1, which is why every stage's region is us-east-1 (infra/stages.ts).
 */
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { resourceName, deployedRoutes, writeRoutes } from '@shared/deployment/manifest';
import { type RouteName } from '@shared/contract/api';
import type { StageConfig } from '../stages';

/** The 429 body WAF answers, the same as the local API's and API Gateway's throttle answer. */
export const tooManyRequestsBody = JSON.stringify({ message: 'Too many requests' });

/** Managed rules of the common rule set that only count (never block), with the reason in the header comment. */
export const countedCommonRules = ['SizeRestrictions_BODY'] as const;

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

/** A request to one route: its method, and a path that starts with the route's (a trailing `/` still counts). */
function routeStatement(name: RouteName): Statement {
  const route = deployedRoutes[name];
  return {
    andStatement: {
      statements: [matches({ method: {} }, route.method, 'EXACTLY'), matches({ uriPath: {} }, route.path, 'STARTS_WITH')],
    },
  };
}

export function writeRoutesStatement(): Statement {
  const statements = writeRoutes.map(routeStatement);
  if (statements.length === 1) return statements[0] as Statement;
  return { orStatement: { statements } };
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
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name,
      description: 'Per-IP limit on the write routes and AWS common rules, in front of the site and its API',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(name),
      customResponseBodies: {
        tooManyRequests: { contentType: 'APPLICATION_JSON', content: tooManyRequestsBody },
      },
      rules: [
        {
          name: 'write-routes-per-ip',
          priority: 0,
          statement: {
            rateBasedStatement: {
              limit: stage.waf.writeRequestsPer5MinPerIp,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: writeRoutesStatement(),
            },
          },
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'tooManyRequests' } } },
          visibilityConfig: visibility(`${name}-write-routes-per-ip`),
        },
        {
          name: 'aws-common-rules',
          priority: 1,
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
      ],
    });
  }
}
