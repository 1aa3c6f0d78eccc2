// Every error of the operator listener as problem+json: refusals of the shared checks (InvalidInput) and of the
// schemas as 400 with the reason, unreadable bodies as 400/413/415, a database that does not take the write as 503.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ProblemError, problem, problems } from '../../api/problems.ts'
import { sendProblem } from '../conventions.ts'
import { InvalidInput, StateConflict, UnknownTarget } from '../../incidents/rules.ts'
import { describeWriteError } from '../../store/write-errors.ts'
import { KeyAnsweredMeanwhile } from './idempotency.ts'
import { operatorProblems } from './problems.ts'

const BY_FRAMEWORK_CODE: Record<string, () => ProblemError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () => problem(413, 'payload_too_large', 'The body is too large: 64 KiB at most (256 KiB for heartbeats and post-mortems).'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => problem(415, 'unsupported_media_type', 'Send the body as JSON (Content-Type: application/json).'),
  FST_ERR_CTP_INVALID_JSON_BODY: () => operatorProblems.invalid('The body is not valid JSON.'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => operatorProblems.invalid('The body is empty; send a JSON object (or no Content-Type).'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => operatorProblems.invalid('Content-Length does not match the body.')
}

export function handleOperatorErrors (app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => sendProblem(reply, operatorProblems.notFound()))
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ProblemError) return sendProblem(reply, error)
    if (error instanceof KeyAnsweredMeanwhile) return error.replay(reply)
    if (error instanceof UnknownTarget) return sendProblem(reply, operatorProblems.notFound(error.message))
    if (error instanceof StateConflict) return sendProblem(reply, operatorProblems.conflict(error.message))
    if (error instanceof InvalidInput) return sendProblem(reply, operatorProblems.invalid(error.message))
    if (error.validation !== undefined) return sendProblem(reply, operatorProblems.invalid(validationDetail(error)))
    const known = BY_FRAMEWORK_CODE[error.code]
    if (known !== undefined) return sendProblem(reply, known())
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) return sendProblem(reply, problems.clientError(status))
    const cause = describeWriteError(error)
    if (cause !== undefined) {
      request.log.warn({ cause }, 'operator change not written')
      return sendProblem(reply, problem(503, 'not_written', `Nothing was written: ${cause}. Try again shortly.`, { 'retry-after': '5' }))
    }
    request.log.error({ err: error }, 'unhandled error')
    return sendProblem(reply, problems.internal())
  })
}

/** Ajv's first complaint as one sentence naming the field (`reports[3].shard must be integer`), never echoing the input. */
function validationDetail (error: FastifyError): string {
  const first = error.validation?.[0]
  const part = error.validationContext === 'querystring' ? 'query' : error.validationContext ?? 'request'
  if (first === undefined) return `The ${part} is not valid.`
  const params = first.params as { missingProperty?: string, additionalProperty?: string }
  const path = first.instancePath.replace(/^\//, '').split('/').filter((segment) => segment !== '')
    .map((segment, index) => /^\d+$/.test(segment) ? `[${segment}]` : `${index === 0 ? '' : '.'}${segment}`).join('')
  if (first.keyword === 'required') return `${path === '' ? '' : `${path}.`}${params.missingProperty} is required`
  if (first.keyword === 'additionalProperties') return `${path === '' ? `the ${part}` : path} has an unknown field "${String(params.additionalProperty).slice(0, 40)}"`
  return `${path === '' ? `the ${part}` : path} ${first.message ?? 'is not valid'}`
}
