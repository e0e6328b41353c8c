/**
 * A deploy refuses a stage that still holds placeholders (an `.example` address or domain, a made-up account), in
 * CloudFormation itself: not only `npm run deploy:dev|prod` (which run deploy:check first), but also a bare
 * `npx cdk deploy`. Each stack of such a stage carries a template rule whose assertion never holds; CloudFormation
 * evaluates rules when the change set is created, before any resource is created or changed, and fails with the
 * rule's description (as the CDK's own CheckBootstrapVersion rule does). Synthesis stays as it is, so the offline
 * `cdk synth` the tests run keeps working; a stage with real settings has no such rule.
 */
import { CfnRule, Fn, type Stack } from 'aws-cdk-lib';
import { placeholdersOf, type StageConfig } from '../stages';

export const placeholderRuleId = 'StageSettingsAreSet';

export function refuseDeployWithPlaceholders(stack: Stack, stage: StageConfig): void {
  const settings = [...new Set(placeholdersOf(stage).map((p) => p.setting))];
  if (settings.length === 0) return;
  new CfnRule(stack, placeholderRuleId, {
    assertions: [
      {
        // Never true: the placeholders are in the template's own text, not parameters an operator could pass.
        assert: Fn.conditionEquals('placeholders', 'none'),
        assertDescription: `Stage ${stage.name} still holds placeholder settings (${settings.join(', ')}): set them in infra/stages.ts; npm run deploy:check -- --stage ${stage.name} lists each one.`,
      },
    ],
  });
}
