// A status file with two incident templates: one in three languages, one in English alone.
export const TEMPLATES_FILE = `product: { name: Acme }
components:
  - { id: bot, builtin: bot }
  - { id: music, name: { en: Music, de: Musik }, check: { manual: true } }
  - { id: dashboard, name: Dashboard, check: { manual: true } }
templates:
  - id: platform-outage
    title: { en: Discord is having trouble, de: Discord hat Probleme, fr: Discord rencontre des problèmes }
    impact: major
    components: [bot, music]
    message: { en: "Discord's API is failing; commands may not answer.", de: "Die API von Discord fällt aus; Befehle antworten womöglich nicht." }
  - id: music-restart
    title: Music nodes restarting
    impact: minor
    components: [music]
    message: Songs may pause for a minute.
`
