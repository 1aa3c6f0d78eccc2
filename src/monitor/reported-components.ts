// The components the health body and the history report: the spec's three always, then every other declared one.
import { BUILTIN_PROBES, type StatusDeclaration } from '../declaration/declaration.ts'
import { OVERALL } from '../store/repositories/component-checks.ts'

/**
 * database, cache and bot, then the declaration's other ids in its order. A declared id equal to one of the three is
 * that entry. `overall` names the overall status's row in the minute history, so a component cannot be reported by it.
 */
export function reportedComponents (declaration: StatusDeclaration): string[] {
  const ids: string[] = [...BUILTIN_PROBES]
  for (const component of declaration.components) {
    if (component.id !== OVERALL && !ids.includes(component.id)) ids.push(component.id)
  }
  return ids
}
