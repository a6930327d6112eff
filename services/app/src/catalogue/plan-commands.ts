import { planDecider, planStreamId, type CatalogueEvent, type PlanCommand, type PlanState } from '@shop/domain';
import { StreamCommands } from '../infrastructure/stream-commands.js';

/** A plan's stream (`plan-<id>`): the launch seed's and the operator's changes to the catalogue. */
export class PlanCommands extends StreamCommands<PlanCommand, CatalogueEvent, PlanState> {
  constructor(deps: ConstructorParameters<typeof StreamCommands>[0]) {
    super(deps, planDecider, (command) =>
      planStreamId(command.type === 'PublishPlan' ? command.data.plan.planId : command.data.planId),
    );
  }
}
