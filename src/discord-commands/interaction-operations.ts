// The operations (src/operations/) a Discord command acts through: the local ones on this instance's store, refusals
// naming the command's options, every change recorded with the Discord user who made it.
import type { InputLabels } from '../incidents/input.ts'
import { localOperations, openStore } from '../operations/local.ts'
import type { Operations } from '../operations/operations.ts'
import { authorOf } from './access.ts'
import type { CommandContext } from './command-context.ts'
import { COMPONENTS_LABEL } from './components-option.ts'
import type { Interaction } from './interaction.ts'

/** The options' names (./commands.ts); ./refusals.ts translates them. */
export const DISCORD_LABELS: InputLabels = {
  title: 'title', impact: 'impact', status: 'status', message: 'message', component: COMPONENTS_LABEL, from: 'from', to: 'to', template: 'template',
  // A window ending before it starts has always been refused in the CLI's words.
  window: { from: '--from', to: '--to' },
  // A series' length is from `from` to `to`; it has no reminder option (the server's default applies).
  duration: 'to', timezone: 'timezone', rrule: 'repeat', remind: 'remind'
}

/** Writes wait up to `busyWaitMs` for a database another process holds locked: the deferred answer reports them. */
export function operationsOf (interaction: Interaction, context: CommandContext): Operations {
  return localOperations(openStore(context.database, context.declaration, context.clock, context.busyWaitMs), { labels: DISCORD_LABELS, by: authorOf(interaction) })
}
