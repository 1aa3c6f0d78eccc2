// The query and body of GET /docs/api/search (and its German twin): documentation search (docs/en/architecture.md#api-contract).
import { Type, type Static } from 'typebox'
import { SNOWFLAKE_PATTERN } from './shards.ts'

/** Optional white space, then 1–200 characters that start and end with a non-space, then optional white space. */
const QUERY_PATTERN = '^\\s*\\S(?:[\\s\\S]{0,198}\\S)?\\s*$'

/** What a value failing QUERY_PATTERN or SNOWFLAKE_PATTERN is told, in words (a 400's detail never shows a regular expression). */
export const PATTERN_MEANINGS: Record<string, string> = {
  [QUERY_PATTERN]: 'must not be blank and must be at most 200 characters once leading and trailing white space is trimmed',
  [SNOWFLAKE_PATTERN]: 'must be a Discord snowflake: 17 to 20 digits, below 2^64'
}

export const SearchQuery = Type.Object({
  q: Type.String({
    // Trimmed, 1 to 200 characters (code points) remain: JavaScript's trim() removes exactly what `\s` matches.
    pattern: QUERY_PATTERN,
    description: 'What to look for: 1–200 characters after trimming leading and trailing white space (so never only white space; ' +
      'the pattern says exactly this). The last word also matches as a prefix (search-as-you-type).',
    examples: ['rate limit']
  }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10, description: 'How many results at most.' }))
})
export type SearchQuery = Static<typeof SearchQuery>

export const SearchResult = Type.Object({
  title: Type.String({ description: 'The page title.' }),
  section: Type.Union([Type.String(), Type.Null()], { description: 'The heading of the matching section; null for a page\'s introduction.' }),
  url: Type.String({ description: 'Site-relative link to the section, with its anchor.' }),
  excerpt: Type.String({ description: 'Plain text around the best match (no HTML).' }),
  highlights: Type.Array(Type.Tuple([Type.Integer({ minimum: 0 }), Type.Integer({ minimum: 0 })]), { description: '[start, end) offsets of matched words in `excerpt`, in UTF-16 code units.' }),
  score: Type.Number()
}, { additionalProperties: false })
export type SearchResult = Static<typeof SearchResult>

export const SearchBody = Type.Object({
  query: Type.String({ description: 'The query as understood (trimmed).' }),
  locale: Type.Union([Type.Literal('en'), Type.Literal('de')]),
  results: Type.Array(SearchResult, { description: 'Best first.' })
}, {
  $id: 'SearchResults',
  title: 'SearchResults',
  additionalProperties: false,
  examples: [{
    query: 'rate limit',
    locale: 'en',
    results: [{
      title: 'The public status API', section: 'Rate limits', url: '/docs/api#rate-limits',
      excerpt: 'The rate limit is 600 requests per minute per client address; polling once a minute is enough.',
      highlights: [[4, 8], [9, 14]], score: 7.3
    }]
  }]
})
export type SearchBody = Static<typeof SearchBody>
