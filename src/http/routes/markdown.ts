// Markdown for agents: /status.md (and in every served page language), each doc page's Markdown at its `.md` address, and /llms-full.txt.
import type { FastifyInstance } from 'fastify'
import type { DocsSite } from '../../docs/docs-site.ts'
import { LLMS_FULL_PATH, llmsFullTxt } from '../../docs/markdown-views.ts'
import type { Locale } from '../../lib/locale.ts'
import { encodeOnce, type Serialized } from '../../lib/serialized.ts'
import { statusMarkdown } from '../../publish/status-markdown.ts'
import { localPath } from '../../view/status-links.js'
import { readStatus, sameBodies, type StatusSource } from '../../site/status-source.ts'
import { incidentsInLanguage, type StatusBodies } from '../../view/status-view.js'
import { textsIn } from '../../incidents/texts.ts'
import { cacheControl } from '../headers.ts'
import { VERSION_KEYS } from '../../edge/cache-headers.ts'
import { sendPage, sendSerialized } from '../send.ts'
import { baseUrlFor } from '../base-url.ts'
import type { Config } from '../../config/index.ts'
import { discordFollowing, publicMetricsPort } from '../../publish/follow.ts'

const MARKDOWN_TYPE = 'text/markdown; charset=utf-8'
const TEXT_TYPE = 'text/plain; charset=utf-8'

export interface MarkdownRouteOptions {
  /** The product's name and the ways to follow it, and {base_url} for the absolute links of /status.md. */
  config: Config
  source: StatusSource
  docs: DocsSite
  germanPrefix: string
}

export default async function markdownRoutes (app: FastifyInstance, options: MarkdownRouteOptions): Promise<void> {
  const { source, docs, germanPrefix, config } = options
  const follow = { productName: config.status.product.name, germanPrefix, publicMetricsPort: publicMetricsPort(config.metricsPort, config.metricsHost), discordCommands: discordFollowing(config.discord) }
  const hidden = { schema: { hide: true } }

  for (const lang of config.languages) {
    // Built again only when one of the bodies it shows has changed, like the HTML status page.
    let built: { bodies: StatusBodies, text: Serialized<string> } | undefined
    app.get(localPath(lang, '/status.md', germanPrefix), { ...hidden, config: { cacheControl: cacheControl.health, edgeKeys: ['status', 'incidents'] } }, async (request, reply) => {
      const bodies = await readStatus(source, (error, part) => request.log.warn({ err: error }, `status.md: ${part} not available`))
      if (built === undefined || !sameBodies(built.bodies, bodies)) {
        // An incident opened from a template reads in German there, as on the German page.
        const incidents = incidentsInLanguage(bodies.incidents, textsIn(source.incidentTexts?.() ?? new Map(), lang))
        const text = statusMarkdown({ ...bodies, incidents }, lang, follow)
        built = { bodies, text: encodeOnce(text, text) }
      }
      // Markdown carries no language of its own: the header says it.
      return sendPage(reply.header('content-language', lang), built.text, baseUrlFor(reply, config), MARKDOWN_TYPE)
    })
  }

  // The docs stay English and German whatever LANGUAGES says.
  for (const lang of ['en', 'de'] as const satisfies Locale[]) {
    for (const page of docs.list(lang)) {
      const text = encodeOnce(page.markdown, page.markdown)
      app.get(page.markdownUrl, { ...hidden, config: { cacheControl: cacheControl.page, edgeKeys: VERSION_KEYS } }, (_request, reply) =>
        sendSerialized(reply, text, { type: MARKDOWN_TYPE }))
    }
  }

  // Every page in one file, for agents: a rare request, so it is put together on the first one (~5 ms of the start).
  let fullText: Serialized<string> | undefined
  app.get(LLMS_FULL_PATH, { ...hidden, config: { cacheControl: cacheControl.discovery, edgeKeys: VERSION_KEYS } }, (_request, reply) => {
    if (fullText === undefined) {
      const full = llmsFullTxt(docs)
      fullText = encodeOnce(full, full)
    }
    return sendSerialized(reply, fullText, { type: TEXT_TYPE })
  })
}
