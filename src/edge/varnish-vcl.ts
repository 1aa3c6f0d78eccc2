// The edge recipe (docs/en/architecture.md#edge): a Varnish 7 VCL (vmod xkey from varnish-modules) for the public port of one or more
// replicas. It keeps what the origin's headers say (s-maxage, stale-while-revalidate, stale-if-error), serves the last
// copy while the origin is down, times out or fails (a purge only marks copies stale), takes purges only from the
// allowed addresses, keeps one copy for every encoding and passes nothing of the operator listener or the metrics,
// however their paths are spelled. Forwarded headers are the edge's own, never a client's.
import { isIP } from 'node:net'

export interface VclBackend {
  host: string
  port: number
}

export interface VclOptions {
  backends: VclBackend[]
  /** Addresses allowed to PURGE, as `address` or `address/prefix`; default loopback. */
  purgeFrom?: string[]
}

/**
 * Paths of the operator listener (`/v1/…`, `/discord/interactions`) and of the metrics: never served through the cache.
 * Matched on the path as a router may read it (see `PATH_STEPS`), in any case.
 */
const PRIVATE_PATHS = '(?i)^/(v1|discord|metrics|api/operator)(/|;|$)'

/** The characters RFC 3986 calls unreserved: percent-encoded or not, they are the same path. */
const UNRESERVED = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~']

/** Passes of `/segment/..` removal: deeper nesting than this is refused rather than followed. */
const DOT_DOT_PASSES = 8

/**
 * The VCL statements that turn `req.http.x-edge-path` (a copy of the URL) into the path a router or a proxy may take it
 * for: no scheme and host (absolute form), no query, unreserved characters (and `/`) percent-decoded, repeated slashes
 * collapsed, `.` and `..` segments resolved. Only the refusal reads it; the origin gets the URL as it came.
 */
function pathSteps (): string[] {
  const set = (expression: string) => `set req.http.x-edge-path = ${expression};`
  const decoded = [...UNRESERVED, '/'].map((char) => {
    const hex = char.charCodeAt(0).toString(16).toUpperCase()
    return `  ${set(`regsuball(req.http.x-edge-path, "(?i)%${hex}", "${char}")`)}`
  })
  return [
    set('regsub(req.url, "^[A-Za-z][A-Za-z0-9+.-]*://[^/]*", "")'),
    set('regsub(req.http.x-edge-path, "[?#].*$", "")'),
    'if (req.http.x-edge-path ~ "%") {',
    ...decoded,
    '}',
    set('regsuball(req.http.x-edge-path, "/{2,}", "/")'),
    set('regsuball(req.http.x-edge-path, "/\\.(?=/|$)", "")'),
    ...Array.from({ length: DOT_DOT_PASSES }, () => set('regsuball(req.http.x-edge-path, "/(?!\\.\\.(?:/|$))[^/]+/\\.\\.(?=/|$)", "")')),
    set('regsub(req.http.x-edge-path, "^(?:/\\.\\.(?=/|$))+", "")'),
    set('regsub(req.http.x-edge-path, "^(?!/)", "/")')
  ]
}

/** `HOST:PORT` (IPv6 in brackets) as a backend; a mistake throws with a sentence that names the argument. */
export function parseBackend (text: string): VclBackend {
  const match = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(text)
  const port = Number(match?.[2])
  if (match === null || port < 1 || port > 65535) throw new Error(`--backend must be HOST:PORT (got "${text.slice(0, 80)}")`)
  const host = match[1]!.replace(/^\[|\]$/g, '')
  if (match[1]!.startsWith('[') && isIP(host) !== 6) throw new Error(`--backend must be HOST:PORT (got "${text.slice(0, 80)}")`)
  return { host, port }
}

/** An ACL entry from `address` or `address/prefix`. */
export function aclEntry (text: string): string {
  const [address = '', prefix, ...rest] = text.split('/')
  const version = isIP(address)
  const bits = prefix === undefined ? undefined : Number(prefix)
  if (version === 0 || rest.length > 0 || (bits !== undefined && (!/^\d{1,3}$/.test(prefix!) || bits > (version === 4 ? 32 : 128)))) {
    throw new Error(`--purge-from must be an address or a CIDR such as 10.0.0.0/8 (got "${text.slice(0, 80)}")`)
  }
  return bits === undefined ? `"${address}";` : `"${address}"/${bits};`
}

export function varnishVcl (options: VclOptions): string {
  if (options.backends.length === 0) throw new Error('give at least one --backend HOST:PORT')
  const purgeFrom = (options.purgeFrom === undefined || options.purgeFrom.length === 0 ? ['127.0.0.1', '::1'] : options.purgeFrom).map(aclEntry)
  const backends = options.backends.map((backend, index) => `backend origin_${index + 1} {
  .host = "${backend.host}";
  .port = "${backend.port}";
  .connect_timeout = 1s;
  .first_byte_timeout = 5s;
  .between_bytes_timeout = 5s;
  .max_connections = 500;
  .probe = origin_alive;
}`).join('\n\n')
  const adds = options.backends.map((_backend, index) => `  origin.add_backend(origin_${index + 1});`).join('\n')
  return `vcl 4.1;
# The edge in front of status-api (docs/en/operations.md#edge-varnish), printed by \`status-api edge vcl\`. Put only the public port behind it.
# varnishd's backend_idle_timeout (60 s by default) must stay below the origin's keep-alive (72 s): an idle connection
# is then always closed by Varnish first, and no request is written into one the origin has just closed.

import directors;
import std;
import xkey;

# The origin's liveness: a sick replica is given no requests (another one is, or the last copies are served).
probe origin_alive {
  .url = "/api/v1/liveness";
  .interval = 2s;
  .timeout = 1s;
  .window = 3;
  .threshold = 2;
  .initial = 2;
}

${backends}

# Who may purge (xkey-purge): the service's replicas.
acl purgers {
${purgeFrom.map((entry) => `  ${entry}`).join('\n')}
}

sub vcl_init {
  new origin = directors.round_robin();
${adds}
}

sub vcl_recv {
  set req.backend_hint = origin.backend();
  # The edge's own marks (see vcl_hit and vcl_synth): never a client's.
  if (req.restarts == 0) {
    unset req.http.x-edge-fresh-only;
    unset req.http.x-edge-last-try;
  }
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    if (!req.http.xkey-purge) {
      return (synth(400, "xkey-purge missing"));
    }
    # Marked stale, never removed: the next reader makes the edge fetch anew, and the copy stays for stale-if-error
    # in case the origin cannot answer.
    set req.http.x-purged = xkey.softpurge(req.http.xkey-purge);
    return (synth(200, "Purged"));
  }
  # Only the public port is behind this cache: the operator listener's and the metrics' paths go nowhere, however
  # they are spelled (percent-encoded, in capitals, with doubled slashes or dot segments).
${pathSteps().map((line) => `  ${line}`).join('\n')}
  if (req.http.x-edge-path ~ "/\\.\\.(/|$)") {
    unset req.http.x-edge-path;
    return (synth(400, "Bad Request"));
  }
  if (req.http.x-edge-path ~ "${PRIVATE_PATHS}") {
    unset req.http.x-edge-path;
    return (synth(404, "Not Found"));
  }
  unset req.http.x-edge-path;
  # Forwarded headers are the edge's to say, never a client's: a forged X-Forwarded-Host would otherwise choose the
  # links in a copy every reader gets (PUBLIC_BASE_URL on the service fixes them altogether).
  unset req.http.X-Forwarded-Host;
  unset req.http.X-Forwarded-Proto;
  unset req.http.X-Forwarded-Port;
  unset req.http.X-Forwarded-Prefix;
  unset req.http.X-Forwarded-Server;
  unset req.http.Forwarded;
  set req.http.X-Forwarded-For = client.ip;
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # The public port reads no credentials: they would only split the cache.
  unset req.http.Cookie;
  unset req.http.Authorization;
  # One stored copy for every encoding: Varnish asks the origin for gzip, keeps that, and unzips it for a reader who
  # does not take gzip (http_gzip_support, on by default). Accept-Encoding then says only gzip or nothing.
  # A stale copy was past stale-while-revalidate while the origin is healthy (vcl_hit): this lookup takes fresh ones
  # only. The last try takes any copy within its own grace (a restart keeps req.grace, so it is lifted again).
  if (req.http.x-edge-fresh-only) {
    set req.grace = 0s;
  } elsif (req.http.x-edge-last-try) {
    set req.grace = 3650d;
  }
  return (hash);
}

sub vcl_hash {
  hash_data(req.url);
  if (req.http.host) {
    hash_data(req.http.host);
  } else {
    hash_data(server.ip);
  }
  return (lookup);
}

# A copy past its s-maxage, or purged. While the origin is healthy (its probe), a copy past its s-maxage is served,
# and refreshed in the background, only within stale-while-revalidate, and a purged one not at all: past that, or
# after a purge, the reader waits for a fresh one. While the origin is sick, or when that fetch fails (down, timed
# out, answering 5xx: vcl_synth), any copy is served within its grace, stale-if-error. A refresh that fails leaves the
# copy as it was. A purge (xkey.softpurge) ends a copy's lifetime at the moment of the purge, so a copy whose lifetime
# (obj.ttl + obj.age) is shorter than the s-maxage it came with was purged.
sub vcl_hit {
  if (obj.ttl < 0s && !req.http.x-edge-last-try && std.healthy(req.backend_hint)) {
    if (obj.ttl + obj.age + 1s < std.duration(regsub(obj.http.Cache-Control, "^.*s-maxage=([0-9]+).*$", "\\1s"), 0s) ||
        obj.ttl + std.duration(regsub(obj.http.Cache-Control, "^.*stale-while-revalidate=([0-9]+).*$", "\\1s"), 0s) < 0s) {
      set req.http.x-edge-fresh-only = "1";
      return (restart);
    }
  }
  return (deliver);
}

sub vcl_backend_fetch {
  unset bereq.http.x-edge-fresh-only;
}

sub vcl_backend_response {
  # The origin's own failure (its errors are no-store): a background refresh is dropped and the copy stays; a reader's
  # fetch is dropped too, so that vcl_synth looks for a copy to serve instead. Only when there is none (the last try)
  # does the reader get the origin's error, and nothing is kept of it.
  if (beresp.status >= 500 && beresp.http.Cache-Control !~ "public") {
    if (bereq.is_bgfetch || !bereq.http.x-edge-last-try) {
      return (abandon);
    }
    set beresp.uncacheable = true;
    return (deliver);
  }
  if (beresp.http.Cache-Control !~ "public") {
    return (deliver);
  }
  # Varnish takes the lifetime from s-maxage; a down health answer (503, public) is kept like any other.
  if (beresp.status == 503 && beresp.http.Cache-Control ~ "s-maxage=[0-9]+") {
    set beresp.ttl = std.duration(regsub(beresp.http.Cache-Control, "^.*s-maxage=([0-9]+).*$", "\\1s"), 0s);
  }
  # stale-if-error: how long the copy is kept past its lifetime (or a purge), to be served while the origin is down,
  # times out or fails. vcl_hit serves it to readers of a healthy origin only within stale-while-revalidate.
  set beresp.grace = 10s;
  if (beresp.http.Cache-Control ~ "stale-if-error=[0-9]+") {
    set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "^.*stale-if-error=([0-9]+).*$", "\\1s"), 10s);
  }
  # The keys a purge names (Surrogate-Key, space-separated) for vmod xkey.
  if (beresp.http.Surrogate-Key) {
    set beresp.http.xkey = beresp.http.Surrogate-Key;
  }
  # The one copy serves every encoding (vcl_recv); the client is still told the response varies by it.
  if (beresp.http.Vary ~ "(?i)accept-encoding") {
    set beresp.http.Vary = regsuball(beresp.http.Vary, "(?i)(^|,)\\s*accept-encoding\\s*", "");
    set beresp.http.Vary = regsub(beresp.http.Vary, "^,\\s*", "");
    set beresp.http.x-edge-vary-encoding = "1";
    if (beresp.http.Vary == "") {
      unset beresp.http.Vary;
    }
  }
  return (deliver);
}

sub vcl_backend_error {
  # Refused, timed out or reset: dropped, so the copy stays (a refresh) or vcl_synth looks for one (a reader's fetch).
  if (bereq.is_bgfetch || !bereq.http.x-edge-last-try) {
    return (abandon);
  }
  set beresp.http.Content-Type = "application/problem+json";
  set beresp.http.Cache-Control = "no-store";
  set beresp.body = {"{"type":"about:blank","title":"Service Unavailable","detail":"The status service did not answer, and the edge has no copy of this page.","status":503}
"};
  return (deliver);
}

sub vcl_synth {
  # A reader's fetch failed (vcl_backend_response, vcl_backend_error): once more, taking any copy within its grace.
  if (resp.status == 503 && req.method != "PURGE" && !req.http.x-edge-last-try) {
    set req.http.x-edge-last-try = "1";
    unset req.http.x-edge-fresh-only;
    return (restart);
  }
  if (req.method == "PURGE") {
    set resp.http.Content-Type = "text/plain; charset=utf-8";
    set resp.body = resp.reason + " " + req.http.x-purged + {"
"};
    return (deliver);
  }
  set resp.http.Content-Type = "application/problem+json";
  set resp.http.Cache-Control = "no-store";
  set resp.body = {"{"type":"about:blank","title":""} + resp.reason + {"","status":"} + resp.status + {"}
"};
  return (deliver);
}

sub vcl_deliver {
  if (resp.http.x-edge-vary-encoding && resp.http.Vary) {
    set resp.http.Vary = resp.http.Vary + ", Accept-Encoding";
  } elsif (resp.http.x-edge-vary-encoding) {
    set resp.http.Vary = "Accept-Encoding";
  }
  unset resp.http.x-edge-vary-encoding;
  unset resp.http.xkey;
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
}
`
}
