// The refusals of the operations (src/incidents/rules.ts, writes.ts, time-input.ts, src/store/write-errors.ts) in the
// Discord user's language, from the `discord.refusals` words of src/locales/<tag>.json. English users get the CLI's
// words unchanged; a refusal these patterns do not know stays English rather than being guessed at.
import type { PageLanguage } from '../lib/locale.ts'
import { WORDS, message } from '../view/locale-words.js'

type RefusalWords = typeof WORDS['en']['discord']['refusals']
type Key = keyof RefusalWords
type Words = { refusals: RefusalWords, names: Record<string, string> }

/** The option a refusal names ("title", "the message", "--from"), as the user's language names that option. */
function option (words: Words, label: string): string {
  if (label === 'the message') return words.refusals.theMessage
  if (label === 'the status') return words.refusals.theStatus
  return words.names[label.replace(/^--/, '')] ?? label
}

const CAUSES: Record<string, Key> = {
  'the database is busy: another process holds its write lock': 'causeBusy',
  'disk full': 'causeFull',
  'the database is read-only': 'causeReadOnly',
  'the database file is damaged': 'causeDamaged',
  'the database refused the write': 'causeRefused'
}

const LABEL = '((?:the )?\\S+)'
/** Each English refusal: its pattern, the key of its sentence, and the placeholders its groups fill in (`option…` ones name an option). */
const RULES: Array<[RegExp, Key, string[]]> = [
  [new RegExp(`^${LABEL} is required \\(one of (.+)\\)$`), 'requiredOneOf', ['option', 'allowed']],
  [new RegExp(`^${LABEL} is required: `), 'requiredTime', ['option']],
  [new RegExp(`^${LABEL} is required$`), 'required', ['option']],
  [new RegExp(`^${LABEL} must not be empty$`), 'empty', ['option']],
  [new RegExp(`^${LABEL} is not valid Unicode text$`), 'notUnicode', ['option']],
  [new RegExp(`^${LABEL} is (\\d+) characters long; at most (\\d+) are allowed$`), 'tooLong', ['option', 'length', 'max']],
  [new RegExp(`^${LABEL} must be a single line without control characters$`), 'singleLine', ['option']],
  [new RegExp(`^${LABEL} must be text without control characters \\(line breaks and tabs are fine\\)$`), 'textControl', ['option']],
  [new RegExp(`^${LABEL} must be one of (.+) \\(got "(.*)"\\)$`, 's'), 'oneOf', ['option', 'allowed', 'got']],
  [/^the incident id is missing$/, 'incidentIdMissing', []],
  [/^the maintenance id is missing$/, 'maintenanceIdMissing', []],
  [/^"(.*)" is not a valid incident id \(a positive whole number\)$/s, 'badIncidentId', ['value']],
  [/^"(.*)" is not a valid maintenance id \(a positive whole number\)$/s, 'badMaintenanceId', ['value']],
  [/^(\S+) "(.*)": the status must be one of (.+) \(or none, to follow the impact\)$/s, 'componentStatus', ['option', 'value', 'allowed']],
  [/^(\S+) "(.*)": a maintenance window's components take no status \(they are under_maintenance while it is active\)$/s, 'maintenanceComponentStatus', ['option', 'value']],
  [/^(\S+) "(.*)" names no component \(write ID or ID=STATUS\)$/s, 'namesNoComponent', ['option', 'value']],
  [/^(\S+) "(.*)" is not a declared component \(declared: (.*)\)$/s, 'notDeclared', ['option', 'value', 'declared']],
  [/^(\S+) "(.*)" is given twice$/s, 'givenTwice', ['option', 'value']],
  [/^(\S+) "(.*)" is not a declared template \(templates: (.*)\)$/s, 'notTemplate', ['option', 'value', 'declared']],
  [/^(\S+) "(.*)" is not a declared template \(none are declared in the status file\)$/s, 'noTemplates', ['option', 'value']],
  [/^there is no incident (\d+)$/, 'noIncident', ['id']],
  [/^incident (\d+) was resolved at (\S+); open a new incident instead$/, 'incidentResolvedAt', ['id', 'at']],
  [/^incident (\d+) was resolved meanwhile; nothing was written$/, 'incidentResolvedMeanwhile', ['id']],
  [/^(\S+) \((\S+)\) must be after (\S+) \((\S+)\)$/, 'afterStart', ['optionTo', 'toTime', 'optionFrom', 'fromTime']],
  [/^(\S+) \((\S+)\) is in the past; the window would never be shown$/, 'inPast', ['optionTo', 'time']],
  // The manual components' refusals (src/operations/manual-components.ts).
  [/^"(.*)" is not a declared component \(manual ones: (.*)\)$/s, 'notManual', ['id', 'manual']],
  [/^"(.*)" is measured by its (\S+) check; only components declared with check: \{ manual: true \} are set by hand \(manual ones: (.*)\)$/s, 'measured', ['id', 'kind', 'manual']],
  [/^there is no maintenance (\d+)$/, 'noMaintenance', ['id']],
  [/^maintenance (\d+) is already ended$/, 'alreadyEnded', ['id']],
  [/^maintenance (\d+) is already cancelled$/, 'alreadyCancelled', ['id']],
  [/^maintenance (\d+) ended meanwhile; nothing was written$/, 'endedMeanwhile', ['id']],
  [/^(\S+) "(.*)" has no time zone; add Z for UTC or an offset such as \+01:00$/s, 'noTimeZone', ['option', 'value']],
  [/^(\S+) "(.*)" is not a time; use /s, 'notATime', ['option', 'value']],
  [/^status resolved makes no sense for a new incident$/, 'resolvedNewIncident', []],
  [/^nothing was written: (.+)$/, 'nothingWritten', ['cause']],
  // A series' (src/lib/recurrence.ts, input.ts).
  [/^(\S+) "(.*)" is not a recurrence rule; use an RFC 5545 rule such as /s, 'seriesNotARule', ['option', 'value']],
  [/^(\S+): FREQ=(\S+) is not supported; use DAILY, WEEKLY or MONTHLY$/, 'seriesFreq', ['option', 'freq']],
  [/^(\S+): (\S+) is not supported; use only (.+)$/, 'seriesPart', ['option', 'part', 'parts']],
  [/^(\S+) "(.*)" is not a time zone; use an IANA name such as /s, 'seriesZone', ['option', 'value']],
  [/^(\S+): (\S+) does not exist in (\S+) \(the clocks skip that hour\); choose another time$/, 'seriesGap', ['option', 'time', 'zone']],
  [/^(\S+): (\S+) happens twice in (\S+) \(the clocks go back over it\); choose another time$/, 'seriesTwice', ['option', 'time', 'zone']],
  [/^(\S+): occurrences would overlap \((\S+) runs past (\S+)\); make it shorter than the time between them$/, 'seriesOverlap', ['option', 'first', 'second']],
  [/^(\S+) "(.*)" gives no occurrence from (\S+) on$/s, 'seriesNone', ['option', 'rule', 'time']],
  [/^(\S+) gives more than (\d+) occurrences a year$/, 'seriesTooMany', ['option', 'max']],
  [/^(\S+) (\S+) is longer than 7 days$/, 'seriesTooLong', ['option', 'duration']],
  [/^(\S+) must be at least 1m$/, 'seriesTooShort', ['option']]
]

/** `refusal` (one of the operations' English lines) in language `tag`; unchanged in English, or when no pattern knows it. */
export function refusalIn (tag: PageLanguage, refusal: string): string {
  if (tag === 'en') return refusal
  const words: Words = { refusals: WORDS[tag].discord.refusals, names: WORDS[tag].discord.commands.names }
  for (const [pattern, key, groups] of RULES) {
    const match = pattern.exec(refusal)
    if (match === null) continue
    const params: Record<string, string> = { help: words.refusals.timeHelp }
    groups.forEach((group, index) => {
      const value = match[index + 1]!
      if (group.startsWith('option')) params[group === 'option' ? 'option' : group.slice('option'.length).toLowerCase()] = option(words, value)
      else if (group === 'declared' || group === 'manual') params[group] = value === 'none' ? words.refusals.none : value
      else if (group === 'cause') params[group] = CAUSES[value] === undefined ? value : words.refusals[CAUSES[value]]
      else params[group] = value
    })
    return message(tag, words.refusals[key], params)
  }
  return refusal
}
