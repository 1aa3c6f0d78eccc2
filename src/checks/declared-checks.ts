// The declared components the check runner looks after: those it probes (http, tcp) and those that push.
import type { DeclaredComponent, StatusDeclaration } from '../declaration/declaration.ts'

/** A component whose check this service makes itself. */
export type ProbedComponent = DeclaredComponent & { check: { kind: 'http' | 'tcp' } }

/** The http and tcp components, in the file's order. */
export function probedComponents (declaration: StatusDeclaration): ProbedComponent[] {
  return declaration.components.filter((component): component is ProbedComponent => component.check.kind === 'http' || component.check.kind === 'tcp')
}

/** The push components, in the file's order. */
export function pushedComponents (declaration: StatusDeclaration): DeclaredComponent[] {
  return declaration.components.filter((component) => component.check.kind === 'push')
}
