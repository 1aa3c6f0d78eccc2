// Why a fetch of the chat platform's status failed, as a short fixed reason: safe to log, never a host or URL.
export type UpstreamFailure =
  | 'timeout' | 'unreachable' | 'http_status' | 'too_large' | 'invalid_json' | 'invalid_body'
  /** A redirect to another origin (or too many): another host's answer is never published as the platform's status. */
  | 'redirect'

export class UpstreamError extends Error {
  override name = 'UpstreamError'
  readonly reason: UpstreamFailure

  constructor (reason: UpstreamFailure, detail?: string) {
    super(detail === undefined ? reason : `${reason}: ${detail}`)
    this.reason = reason
  }
}
