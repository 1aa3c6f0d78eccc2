// The public pages a notification links to (built by the site): the incident or maintenance page and the status page.
export interface Links {
  status: string
  incident?: string
  maintenance?: string
}

export function linksFor (baseUrl: URL, subject: string): Links {
  const origin = baseUrl.origin
  const links: Links = { status: `${origin}/status` }
  const [kind, id] = subject.split(':')
  if (kind === 'incident') links.incident = `${origin}/status/incidents/${id}`
  if (kind === 'maintenance') links.maintenance = `${origin}/status/maintenance/${id}`
  return links
}
