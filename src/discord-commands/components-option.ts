// The `components` option: the CLI's `--component` values in one line, comma-separated (`music, dashboard=partial_outage`),
// checked by the same rules (src/incidents/input.ts) with the option's name in refusals.
export const COMPONENTS_LABEL = 'components'

/** The values as the CLI's repeated --component gives them; undefined when the option was not given. */
export function componentsTyped (text: string | undefined): string[] | undefined {
  return text?.split(',').map((part) => part.trim()).filter((part) => part !== '')
}
