// /robots.txt: everything may be crawled and the sitemap is named — except on staging, which asks every robot to stay out.
export function robotsTxt (baseUrl: string, staging: boolean): string {
  if (staging) return 'User-agent: *\nDisallow: /\n'
  return `User-agent: *\nAllow: /\n\nSitemap: ${baseUrl}/sitemap.xml\n`
}
