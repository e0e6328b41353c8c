/**
 * Accounts: the Cognito user pool (sign-in by e-mail, the spec's password rule of minimum 6, e-mail verification,
 * no user-existence leaks), the web app's client (SRP, no secret, revocable refresh tokens) and the triggers
 * from shared/deployment/manifest.ts `userPool.triggers`, which live with the pool so the pool never points into a later stack.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnUserPoolGroup,
  CfnUserPoolRiskConfigurationAttachment,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  UserPool,
  UserPoolClient,
  UserPoolEmail,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { resourceName, userPool, type FunctionName } from '@shared/deployment/manifest';
import type { SettingName } from '@shared/deployment/settings';
import { parseMailbox, type StageConfig } from '../stages';
import { AppFunction, type FunctionResources } from './app-function';
import type { Mail } from './mail';
import { acknowledge } from '../lib/nag';

export interface AccountsProps {
  readonly stage: StageConfig;
  readonly settings: Partial<Record<SettingName, string>>;
  readonly resources: FunctionResources;
  readonly mail: Mail;
}

const threatProtectionModes = {
  audit: StandardThreatProtectionMode.AUDIT_ONLY,
  enforced: StandardThreatProtectionMode.FULL_FUNCTION,
} as const;

const triggerOperations: Record<keyof typeof userPool.triggers, UserPoolOperation> = {
  preSignUp: UserPoolOperation.PRE_SIGN_UP,
  customMessage: UserPoolOperation.CUSTOM_MESSAGE,
  postConfirmation: UserPoolOperation.POST_CONFIRMATION,
};

export class Accounts extends Construct {
  readonly pool: UserPool;
  readonly client: UserPoolClient;
  readonly triggers: AppFunction[] = [];

  constructor(scope: Construct, id: string, props: AccountsProps) {
    super(scope, id);
    const { stage } = props;
    const sender = parseMailbox(stage.mail.from);

    this.pool = new UserPool(this, 'Pool', {
      userPoolName: resourceName(stage.name, 'users'),
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      // A changed e-mail address only takes effect once verified, so a typo cannot lock the user out.
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        // The product's username (shared/deployment/manifest.ts userPool.usernameAttribute).
        preferredUsername: { required: false, mutable: true },
      },
      passwordPolicy: {
        minLength: userPool.passwordPolicy.minLength,
        requireLowercase: userPool.passwordPolicy.requireLowercase,
        requireUppercase: userPool.passwordPolicy.requireUppercase,
        requireDigits: userPool.passwordPolicy.requireDigits,
        requireSymbols: userPool.passwordPolicy.requireSymbols,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // The custom-message trigger turns the code into a link to the site (/auth, /update-password).
      userVerification: { emailStyle: VerificationEmailStyle.CODE },
      // shared/deployment/manifest.ts userPool.mfa: optional for the pool, an authenticator app only; required of
      // staff by the staff routes (lambdas/composition/sessions.ts).
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: userPool.mfa.factors.includes('totp'), sms: false },
      // Guessing is slowed by Cognito's built-in lockout in every stage; threat protection is the stage's choice
      // (infra/stages.ts `threatProtection`, with its cost) and needs the Plus plan.
      featurePlan: stage.threatProtection === 'off' ? FeaturePlan.ESSENTIALS : FeaturePlan.PLUS,
      ...(stage.threatProtection === 'off' ? {} : { standardThreatProtectionMode: threatProtectionModes[stage.threatProtection] }),
      email: stage.mail.cognitoSendsWithSes
        ? UserPoolEmail.withSES({
            fromEmail: sender.address,
            ...(sender.name ? { fromName: sender.name } : {}),
            sesRegion: stage.region,
            ...(props.mail.isDomain ? { sesVerifiedDomain: props.mail.identityName } : {}),
            configurationSetName: props.mail.configurationSetName,
          })
        : UserPoolEmail.withCognito(),
      deletionProtection: stage.protectData,
      removalPolicy: stage.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    for (const [trigger, fnName] of Object.entries(userPool.triggers) as [keyof typeof userPool.triggers, FunctionName][]) {
      const fn = new AppFunction(this, fnName, {
        stage,
        name: fnName,
        settings: props.settings,
        resources: props.resources,
      });
      this.pool.addTrigger(triggerOperations[trigger], fn.fn);
      this.triggers.push(fn);
    }

    // The staff group (shared/deployment/manifest.ts userPool.groups): members reach the staff console's routes.
    // Kept with the pool where the stage protects its data: deleting the group would drop every membership.
    for (const [groupName, group] of Object.entries(userPool.groups)) {
      const made = new CfnUserPoolGroup(this, `Group-${groupName}`, { userPoolId: this.pool.userPoolId, groupName, description: group.description });
      made.applyRemovalPolicy(stage.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY);
    }

    this.client = this.pool.addClient('WebClient', {
      userPoolClientName: resourceName(stage.name, 'web'),
      generateSecret: false,
      authFlows: { userSrp: true },
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.minutes(userPool.accessTokenMinutes),
      idTokenValidity: Duration.minutes(userPool.accessTokenMinutes),
      refreshTokenValidity: Duration.days(userPool.refreshTokenDays),
    });

    if (stage.threatProtection === 'enforced') {
      // What "enforced" acts on. Visitors have no second factor (MFA is optional; only staff must have one), so a
      // risky sign-in is blocked rather than challenged; low and medium risks are only recorded (a new device or place is normal for a visitor).
      new CfnUserPoolRiskConfigurationAttachment(this, 'RiskConfiguration', {
        userPoolId: this.pool.userPoolId,
        clientId: 'ALL',
        compromisedCredentialsRiskConfiguration: { actions: { eventAction: 'BLOCK' } },
        accountTakeoverRiskConfiguration: {
          actions: {
            lowAction: { eventAction: 'NO_ACTION', notify: false },
            mediumAction: { eventAction: 'NO_ACTION', notify: false },
            highAction: { eventAction: 'BLOCK', notify: false },
          },
        },
      });
    }

    acknowledge(this.pool, [
      {
        id: 'AwsSolutions-COG1',
        reason: 'The product spec sets the password rule to a minimum of 6 characters with no character classes (spec 000_87e5fbf87b6c3f39.txt §5); the same policy is enforced locally.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          "MFA is optional pool-wide so that visitors keep the spec's e-mail and password sign-in; staff must use an authenticator app (TOTP): the staff routes refuse a staff member without it.",
      },
      ...(stage.threatProtection === 'off'
        ? [
            {
              id: 'AwsSolutions-COG8',
              reason:
                "This stage's threatProtection is 'off' (infra/stages.ts): the Plus plan is priced per active user; Cognito's built-in lockout still slows password and code guessing.",
            },
          ]
        : []),
    ]);
  }
}
