/**
 * The first value of a stack's secrets, without CloudFormation owning it.
 *
 * A secret whose template holds `SecretString` or `GenerateSecretString` belongs to CloudFormation: changing that
 * property later (a key added, a generator option) rewrites the value, wiping the Stripe keys an operator stored
 * or giving the webhook receivers a signing key they do not know. So every secret of the app is created empty
 * (neither property), and a custom resource of the same stack runs infra/deploy-time/secret-seed.ts on every deploy:
 * it fills in a value that is missing and never rewrites one that is there.
 */
import { CustomResource } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { CfnSecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { SecretSeedProperties } from '../deploy-time/secret-seed';
import type { StageConfig } from '../stages';
import { DeployTimeFunction } from './deploy-time-function';

export type SecretSeedSpec = Omit<SecretSeedProperties, 'SecretArn'>;

export class SecretSeeds extends Construct {
  private readonly stage: StageConfig;
  private seeder?: DeployTimeFunction;

  constructor(scope: Construct, id: string, props: { stage: StageConfig }) {
    super(scope, id);
    this.stage = props.stage;
  }

  /**
   * Takes the value out of `secret`'s template and seeds it at deploy time instead. Answers the custom resource,
   * which anything resolving the secret during the deploy (e.g. a dynamic reference) must depend on.
   */
  seed(secret: Secret, spec: SecretSeedSpec): CustomResource {
    const cfn = secret.node.defaultChild as CfnSecret;
    // The Secret construct adds a generator when given no value; an empty secret is what CloudFormation must see.
    cfn.addPropertyDeletionOverride('GenerateSecretString');
    cfn.addPropertyDeletionOverride('SecretString');
    this.seeder ??= new DeployTimeFunction(this, 'Seeder', {
      stage: this.stage,
      entry: 'infra/deploy-time/secret-seed.ts',
      description: `${this.stage.name}: gives an empty secret of this stack its first value at deploy time and never rewrites one`,
    });
    this.seeder.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue'], resources: [secret.secretArn] }),
    );
    const properties: SecretSeedProperties = { SecretArn: secret.secretArn, ...spec };
    const resource = new CustomResource(this, `${secret.node.id}Seed`, {
      serviceToken: this.seeder.fn.functionArn,
      resourceType: 'Custom::SecretSeed',
      properties: { ...properties },
    });
    // The seed's policy must exist before CloudFormation invokes it.
    resource.node.addDependency(this.seeder.role);
    return resource;
  }
}
