/**
 * The DynamoDB tables of shared/deployment/manifest.ts `tables`, one per entry, named as the local stack names them.
 * Production tables keep point-in-time recovery and deletion protection and outlive their stack.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption, type Attribute } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { tables, type KeyDef, type TableDef, type TableName } from '@shared/deployment/manifest';
import type { StageConfig } from '../stages';
import { tablePhysicalName } from '../lib/names';
import { acknowledge, guardAck } from '../lib/nag';

const attribute = (key: KeyDef): Attribute => ({
  name: key.name,
  type: key.type === 'S' ? AttributeType.STRING : AttributeType.NUMBER,
});

export class Data extends Construct {
  readonly tables: Record<TableName, Table>;

  constructor(scope: Construct, id: string, props: { stage: StageConfig }) {
    super(scope, id);
    const { stage } = props;
    const made = {} as Record<TableName, Table>;
    for (const [name, def] of Object.entries(tables) as [TableName, TableDef][]) {
      const table = new Table(this, name, {
        tableName: tablePhysicalName(stage, name),
        partitionKey: attribute(def.partitionKey),
        ...(def.sortKey ? { sortKey: attribute(def.sortKey) } : {}),
        billingMode: BillingMode.PAY_PER_REQUEST,
        encryption: TableEncryption.AWS_MANAGED,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: stage.protectData },
        deletionProtection: stage.protectData,
        removalPolicy: stage.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
        ...(def.timeToLiveAttribute ? { timeToLiveAttribute: def.timeToLiveAttribute } : {}),
      });
      for (const index of def.indexes) {
        table.addGlobalSecondaryIndex({
          indexName: index.name,
          partitionKey: attribute(index.partitionKey),
          ...(index.sortKey ? { sortKey: attribute(index.sortKey) } : {}),
          ...(index.projection ? { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...index.projection] } : {}),
        });
      }
      if (!stage.protectData) {
        const reason = `Stage ${stage.name} holds disposable test data and is meant to be destroyed; point-in-time recovery is on in every stage with protectData (prod).`;
        acknowledge(table, [{ id: 'AwsSolutions-DDB3', reason }, guardAck('dynamodb_table_pitr_enabled_check', reason)]);
      }
      made[name] = table;
    }
    this.tables = made;
  }
}
