// The body of GET /api/v1/health/components/{id} (docs/en/architecture.md#status-model): one component as the model shows it, and its history.
import { Type, type Static } from 'typebox'
import { PublicComponent } from './components.ts'
import { ComponentHistory } from './health.ts'

export const ComponentDetailBody = Type.Object({
  component: PublicComponent,
  history: ComponentHistory
}, {
  $id: 'ComponentDetail',
  title: 'ComponentDetail',
  additionalProperties: false,
  description: 'One component: what the page shows of it now (as in GET /api/v1/health/components), its last 24 hours of minute checks and its 90 days of uptime.',
  examples: [{
    component: { id: 'dashboard', name: { en: 'Dashboard', de: 'Dashboard', fr: 'Tableau de bord', es: 'Panel', 'pt-BR': 'Painel' }, description: null, group: 'web', status: 'operational', message: null, latencyMs: 212, incidents: [], maintenance: [] },
    history: (ComponentHistory as { examples?: unknown[] }).examples?.[0]
  }]
})
export type ComponentDetailBody = Static<typeof ComponentDetailBody>
