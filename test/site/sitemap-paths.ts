// The paths of every page a running app's sitemap lists (both languages), for the suites that check every page.
import assert from 'node:assert/strict'

export async function sitemapPaths (base: string): Promise<string[]> {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text()
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => new URL(url!).pathname)
  assert.ok(paths.includes('/docs/api') && paths.includes('/de/docs/shards'), `the sitemap lists the docs: ${paths.join(' ')}`)
  return paths
}
