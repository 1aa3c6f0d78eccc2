// The words a question is phrased with rather than what it asks about: articles, pronouns, auxiliaries,
// prepositions, conjunctions, question words. A query leaves them out when it has other words, so a long question
// ("how often should my tool poll …?") is ranked by its telling words, not by which section says `how` and `my`.
// Words that can carry meaning in these docs (`not`, `no`, `up`, `get`, `once`, `own`, `nicht`, `kein`) are not here.
import type { Locale } from '../../lib/locale.ts'
import { fold } from './text.ts'

const WORDS: Record<Locale, string> = {
  en: `a an the and or but if then so because as of at by for with about against between into through during before
    after above below to from in out on off over under again further here there when where why how what which who whom
    whose all any both each every more most other some such nor only than too very can cannot will just should would
    could might must shall may do does did doing done is am are was were be been being have has had having i me my
    mine myself we us our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it
    its itself they them their theirs themselves this that these those whether also now anything something someone
    anyone whatever whenever however while happen happens happened ask asked know want wants need needs mean
    means moment possible way thing things actually really please exactly still already ever able`,
  de: `der die das den dem des ein eine einen einem einer eines und oder aber wenn dann weil als wie was wer wen wem
    wessen wo woran worauf womit wozu warum wieso weshalb welche welcher welches welchen welchem ob dass daß zu zum
    zur von vom mit bei beim aus an am auf in im ins für über unter nach vor durch um ohne gegen ich mich mir mein meine
    meinen meinem meiner du dich dir dein deine deinen deinem deiner er sie es ihn ihm ihr ihre ihren ihrem ihrer sein
    seine seinen seinem seiner wir uns unser unsere unseren unserem euch euer eure man sich ist sind bin bist war waren
    wird werden wurde wurden hat haben habe hast hatte hatten kann kannst können könnte könnten soll sollte sollen
    sollten muss müssen darf dürfen will möchte auch noch schon nur sehr so da hier dort jetzt gerade eigentlich denn
    doch mal etwa diese dieser dieses diesen diesem jede jeder jedes jeden jedem alle allen aller etwas irgendwie
    passiert passieren geschieht gibt geht liegt brauche braucht brauchen bitte wirklich genau bereits momentan`
}

const STOP: Record<Locale, Set<string>> = {
  en: new Set(WORDS.en.split(/\s+/).filter(Boolean).map(fold)),
  de: new Set(WORDS.de.split(/\s+/).filter(Boolean).map(fold))
}

/** Whether a word (its folded surface form) only phrases a question in this language. */
export function isStopWord (locale: Locale, surface: string): boolean {
  return STOP[locale].has(surface)
}
