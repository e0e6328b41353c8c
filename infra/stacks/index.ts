/**
 * One stage = three stacks, deployed in this order (each only refers to the ones before it):
 *
 *   <app>-<stage>-edge       the public addresses: CloudFront + private site bucket, the HTTP API resource
 *   <app>-<stage>-stateful   tables, upload bucket, user pool + triggers, SES identity, the two secrets
 *   <app>-<stage>-stateless  functions, routes + authorizer + stage, retry schedule, site files + config.json, alarms
 *
 * Why the edge stack: the user pool's custom-message trigger and the upload bucket's CORS need the site's origin,
 * and the site's config needs the pool's ids. With the site in the stateless stack that is a cycle. The origin
 * must exist first, so the distribution (and the API it serves at /api/*) come first. With a custom domain the
 * origin is a plain string, but the same order keeps both cases identical.
 */
import { Tags } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { fileURLToPath } from 'node:url';
import { appName, resourceName } from '@shared/deployment/manifest';
import { refuseDeployWithPlaceholders } from '../lib/placeholder-guard';
import type { StageConfig } from '../stages';
import { EdgeStack } from './edge';
import { StatefulStack } from './stateful';
import { StatelessStack } from './stateless';

/** The built site (`npm run build:web`); AGENCY_WEB_DIST points elsewhere (the infra tests use a small fixture). */
export const defaultWebDist = process.env.AGENCY_WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface StageStacks {
  readonly edge: EdgeStack;
  readonly stateful: StatefulStack;
  readonly stateless: StatelessStack;
}

export function defineStage(scope: Construct, stage: StageConfig, options: { webDist?: string } = {}): StageStacks {
  const env = { account: stage.account, region: stage.region };
  const webDist = options.webDist ?? defaultWebDist;
  const edge = new EdgeStack(scope, `${resourceName(stage.name, 'edge')}`, {
    env,
    stage,
    webDist,
    description: `${appName} ${stage.name}: CloudFront site and API endpoint`,
  });
  const stateful = new StatefulStack(scope, `${resourceName(stage.name, 'stateful')}`, {
    env,
    stage,
    siteOrigin: edge.site.origin,
    terminationProtection: stage.protectData,
    description: `${appName} ${stage.name}: tables, uploads, user pool, mail identity, secret`,
  });
  const stateless = new StatelessStack(scope, `${resourceName(stage.name, 'stateless')}`, {
    env,
    stage,
    edge,
    stateful,
    webDist,
    description: `${appName} ${stage.name}: functions, API routes, schedule, site content, alarms`,
  });
  for (const stack of [edge, stateful, stateless]) {
    Tags.of(stack).add('app', appName);
    Tags.of(stack).add('stage', stage.name);
    refuseDeployWithPlaceholders(stack, stage);
  }
  return { edge, stateful, stateless };
}
