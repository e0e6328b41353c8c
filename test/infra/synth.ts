/**
 * Synthesizes a stage the way `cdk synth` does (cdk.json's context, so feature flags match), minus the slow
 * parts the assertions do not need: bundling is skipped (`aws:cdk:bundling-stacks: []`) and the built-in
 * CloudFormation schema validation is off. One synth per stage config, shared by the tests of a file.
 */
import { App, CfnResource, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { siteOriginRecord } from '@shared/deployment/hosting';
import { settings } from '@shared/deployment/settings';
import { cdkContext as readCdkContext } from '../../infra/deploy/synth';
import { defineStage, type StageStacks } from '../../infra/stacks';
import { stageConfig, type StageConfig } from '../../infra/stages';

/** cdk.json's context, read the way the deploy preflight reads it. */
export const cdkContext = readCdkContext();

/** The inline script of the fixture build, whose hash the CSP must allow. */
export const fixtureInlineScript = "document.documentElement.dataset.theme=localStorage.getItem('theme')||'light'";

let fixture: string | undefined;
/** A tiny stand-in for web/dist: prerendered page, app shell, 404 page, a hashed asset. */
export function webDistFixture(): string {
  if (fixture) return fixture;
  const dir = mkdtempSync(join(tmpdir(), 'infra-web-dist-'));
  const page = (body: string) =>
    `<!doctype html><html><head><script>${fixtureInlineScript}</script><script type="application/ld+json">{"@type":"Organization"}</script><script type="module" src="/assets/app-3f2a1b.js"></script></head><body>${body}</body></html>`;
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'services'));
  writeFileSync(join(dir, 'index.html'), page('home'));
  writeFileSync(join(dir, 'services', 'index.html'), page('services'));
  writeFileSync(join(dir, 'spa.html'), page(''));
  writeFileSync(join(dir, '404.html'), page('not found'));
  writeFileSync(join(dir, 'assets', 'app-3f2a1b.js'), 'console.log(1)');
  writeFileSync(join(dir, siteOriginRecord), `${settings.SITE_ORIGIN.localDefault}\n`);
  fixture = dir;
  return dir;
}

export interface SynthedStage {
  readonly config: StageConfig;
  readonly app: App;
  readonly stacks: StageStacks;
  readonly edge: Template;
  readonly stateful: Template;
  readonly stateless: Template;
}

const cache = new Map<string, SynthedStage>();

/** `webDist`: the build to deploy (default: webDistFixture()). */
export function synthStage(config: StageConfig | string, webDist = webDistFixture()): SynthedStage {
  const stage = typeof config === 'string' ? stageConfig(config) : config;
  const key = JSON.stringify({ stage, webDist });
  const hit = cache.get(key);
  if (hit) return hit;
  const app = new App({
    builtinCloudFormationValidation: false,
    context: { ...cdkContext, 'aws:cdk:bundling-stacks': [], stage: stage.name },
  });
  const stacks = defineStage(app, stage, { webDist });
  const assembly = app.synth();
  const template = (stack: Stack) => Template.fromJSON(assembly.getStackByName(stack.stackName).template as Record<string, unknown>);
  const synthed: SynthedStage = {
    config: stage,
    app,
    stacks,
    edge: template(stacks.edge),
    stateful: template(stacks.stateful),
    stateless: template(stacks.stateless),
  };
  cache.set(key, synthed);
  return synthed;
}

/** The logical id of a construct's CloudFormation resource (its default child, or itself). */
export function logicalIdOf(construct: IConstruct): string {
  const resource = (CfnResource.isCfnResource(construct) ? construct : construct.node.defaultChild) as CfnResource;
  return Stack.of(resource).getLogicalId(resource);
}

export type Resources = Record<string, { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string; UpdateReplacePolicy?: string }>;

export function resourcesOf(template: Template, type?: string): Resources {
  const all = template.toJSON().Resources as Resources;
  if (!type) return all;
  return Object.fromEntries(Object.entries(all).filter(([, r]) => r.Type === type));
}

export function allTemplates(s: SynthedStage): Template[] {
  return [s.edge, s.stateful, s.stateless];
}

/** Walks into a template fragment: `dig(props, 'CorsConfiguration', 'CorsRules', 0)`; undefined when absent. */
export function dig(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}
