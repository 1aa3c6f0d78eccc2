// The `components` option: the CLI's `--component` values in one line, comma-separated (`music, dashboard=partial_outage`),
// checked by the same rules.
import {
  checkIncidentComponents, checkMaintenanceComponents, parseComponentReference, type ComponentReference, type IncidentComponent
} from '../incidents/rules.ts'
import type { StatusDeclaration } from '../declaration/declaration.ts'

export const COMPONENTS_LABEL = 'components'

export function componentReferences (text: string): ComponentReference[] {
  return text.split(',').map((part) => part.trim()).filter((part) => part !== '').map(parseComponentReference)
}

/** An incident's components; undefined when the option was not given (an update then keeps the incident's). */
export function incidentComponents (text: string | undefined, declaration: StatusDeclaration): IncidentComponent[] | undefined {
  return text === undefined ? undefined : checkIncidentComponents(COMPONENTS_LABEL, componentReferences(text), declaration)
}

export function maintenanceComponents (text: string | undefined, declaration: StatusDeclaration): string[] {
  return checkMaintenanceComponents(COMPONENTS_LABEL, componentReferences(text ?? ''), declaration)
}
