import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@shared/api-error';
import { isDatabaseUnavailable, isForeignKeyViolation } from '../lib/db-errors';
import { AppError, errorBody } from '../lib/errors';

/**
 * Maps every failure to the one JSON error shape. Client mistakes keep their 4xx status; anything
 * unexpected is logged and answered with a 500 that reveals no internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === 'rate_limited' && error.details && typeof error.details === 'object' && 'retryAfter' in error.details) {
        reply.header('retry-after', String((error.details as { retryAfter: number }).retryAfter));
      }
      return reply.status(error.status).send(errorBody(error.code, error.message, error.details));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(clientErrorCode(status, error), clientErrorMessage(status, error)));
    }
    // A write that refers to a row deleted meanwhile (a view, save or report for an app deleted while
    // it arrived): the request raced a delete, it is not a fault of the server.
    if (isForeignKeyViolation(error)) {
      return reply.status(409).send(errorBody('conflict', 'What this request refers to was deleted meanwhile.'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return reply
        .status(503)
        .send(errorBody('unavailable', 'The service is temporarily unavailable. Please try again shortly.'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal', 'Something went wrong on our side. Please try again.'));
  });
}

function clientErrorCode(status: number, error: FastifyError): ErrorCode {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'invalid_json';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  if (status === 404) return 'not_found';
  return 'bad_request';
}

function clientErrorMessage(status: number, error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError')
    return 'The request body is not valid JSON.';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'The request body is empty; JSON was expected.';
  if (status === 413) return 'The request body is too large.';
  if (status === 415) return 'Unsupported content type; send JSON.';
  return error.message;
}

/**
 * Errors raised by the router before any route or hook runs (an undecodable URL, a path parameter
 * over the length limit, a failed constraint): Fastify hands them to `frameworkErrors` instead of
 * the error handler, so they get the one error shape here.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(errorBody('uri_too_long', 'A part of the address is too long.'));
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send(errorBody('bad_request', 'The address is not valid: it contains a malformed percent-encoding.'));
    return;
  }
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send(errorBody(clientErrorCode(status, error), clientErrorMessage(status, error)));
}

/** What the HTTP parser refused, as the one error shape: status, code and a message a person can act on. */
function parserRefusal(error: NodeJS.ErrnoException): { status: number; code: ErrorCode; message: string } {
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return { status: 431, code: 'header_too_large', message: 'The request headers are too large.' };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, code: 'request_timeout', message: 'The request took too long to arrive.' };
  return { status: 400, code: 'bad_request', message: 'The request is not valid HTTP.' };
}

/**
 * Requests the HTTP parser refuses (headers over the size limit, malformed request lines, a timeout)
 * never reach Fastify's routing, so this `clientErrorHandler` answers them itself, in the one error
 * shape, when the connection still allows a body; the connection is then closed, since the parser
 * cannot find where the next request would start.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal = parserRefusal(error);
  this.log.debug({ err: error, status: refusal.status }, 'request refused by the HTTP parser');
  // A pipelined response already under way cannot be followed by another status line.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify(errorBody(refusal.code, refusal.message));
    socket.write(
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
