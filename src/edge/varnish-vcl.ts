// The edge recipe (docs/en/architecture.md#edge): a Varnish 7 VCL (vmod xkey from varnish-modules) for the public port of one or more
// replicas. It keeps what the origin's headers say (s-maxage, stale-while-revalidate, stale-if-error), serves the last
// copy while the origin is down, times out or fails, takes purges only from the allowed addresses, normalises
// Accept-Encoding and passes nothing of the operator listener or the metrics.
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

/** Paths of the operator listener (`/v1/…`, `/discord/interactions`) and of the metrics: never served through the cache. */
const PRIVATE_PATHS = '^/(v1|discord|metrics|api/operator)(/|\\?|$)'

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
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    if (!req.http.xkey-purge) {
      return (synth(400, "xkey-purge missing"));
    }
    set req.http.x-purged = xkey.purge(req.http.xkey-purge);
    return (synth(200, "Purged"));
  }
  # Only the public port is behind this cache: the operator listener's and the metrics' paths go nowhere.
  if (req.url ~ "${PRIVATE_PATHS}") {
    return (synth(404, "Not Found"));
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # The public port reads no credentials: they would only split the cache.
  unset req.http.Cookie;
  unset req.http.Authorization;
  # One copy per encoding the origin makes: br, gzip or none.
  if (req.http.Accept-Encoding ~ "\\bbr\\b") {
    set req.http.x-edge-encoding = "br";
  } elsif (req.http.Accept-Encoding ~ "\\bgzip\\b") {
    set req.http.x-edge-encoding = "gzip";
  } else {
    set req.http.x-edge-encoding = "identity";
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
  hash_data(req.http.x-edge-encoding);
  return (lookup);
}

# A copy past its s-maxage is still served, within its grace (stale-if-error), while a fresh one is fetched in the
# background: no reader waits for the origin once there is a copy, and a refresh that fails (origin down, timed out,
# answering 5xx) leaves the copy as it was. A reader never waits on a refresh that could take the copy away with it.
sub vcl_hit {
  return (deliver);
}

sub vcl_backend_fetch {
  if (bereq.http.x-edge-encoding == "identity") {
    unset bereq.http.Accept-Encoding;
  } else {
    set bereq.http.Accept-Encoding = bereq.http.x-edge-encoding;
  }
  unset bereq.http.x-edge-encoding;
}

sub vcl_backend_response {
  # The origin's own failure (its errors are no-store): a background refresh is dropped and the copy stays; with no
  # copy at all the reader gets the error, and nothing is kept of it.
  if (beresp.status >= 500 && beresp.http.Cache-Control !~ "public") {
    if (bereq.is_bgfetch) {
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
  # stale-if-error: how long the copy is kept (and served while a fresh one is fetched, or while the origin is down,
  # times out or fails). stale-while-revalidate is shorter and so within it.
  set beresp.grace = 10s;
  if (beresp.http.Cache-Control ~ "stale-if-error=[0-9]+") {
    set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "^.*stale-if-error=([0-9]+).*$", "\\1s"), 10s);
  }
  # The keys a purge names (Surrogate-Key, space-separated) for vmod xkey.
  if (beresp.http.Surrogate-Key) {
    set beresp.http.xkey = beresp.http.Surrogate-Key;
  }
  # The copy is already per encoding (vcl_hash); the client is told the response varies by it.
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
  # Refused, timed out or reset: a background refresh is dropped and the copy stays.
  if (bereq.is_bgfetch) {
    return (abandon);
  }
}

sub vcl_synth {
  if (req.method == "PURGE") {
    set resp.http.Content-Type = "text/plain; charset=utf-8";
    set resp.body = resp.reason + " " + req.http.x-purged + {"
"};
    return (deliver);
  }
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
