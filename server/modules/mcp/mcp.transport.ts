import { MAX_BATCH_SIZE } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  isInitializeRequest,
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type JSONRPCResultResponse,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';

import { toolResultJson } from './mcp.results';

type JSONRPCReply = JSONRPCResultResponse | JSONRPCErrorResponse;

/** The HTTP answer to one POST: a status and, unless 202, the JSON text of the JSON-RPC answer. */
export interface McpHttpAnswer {
  status: number;
  json?: string;
}

/** The headers of a POST that the Streamable HTTP transport reads. */
export interface McpPostHeaders {
  contentType: string | undefined;
  protocolVersion: string | undefined;
}

interface Pending {
  /** The id the client gave the request, restored in its answer. */
  clientId: RequestId;
  /** The service answer the request's tool result was made from (toolResult), when a tool said so. */
  source?: object;
  deliver: (reply: JSONRPCReply, source?: object) => void;
}

/** The JSON text of an answer, as JSON.stringify writes it (a tool result made by toolResult is not serialised again). */
function replyJson(reply: JSONRPCReply, source: object | undefined): string {
  if (source !== undefined && 'result' in reply) {
    const keys = Object.keys(reply);
    const result = keys.join() === 'result,jsonrpc,id' ? toolResultJson(reply.result, source) : undefined;
    if (result !== undefined)
      return `{"result":${result},"jsonrpc":${JSON.stringify(reply.jsonrpc)},"id":${JSON.stringify(reply.id)}}`;
  }
  return JSON.stringify(reply);
}

/** An answer before any message reached the server, as the SDK's transport writes it (id null). */
function transportError(status: number, code: number, message: string): McpHttpAnswer {
  return { status, json: JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }) };
}

/**
 * The Streamable HTTP transport of MCP in its stateless JSON-response mode, as one long-lived
 * transport for ONE server shared by every request of the instance.
 *
 * The SDK's own transport is built for one HTTP request per transport and server (it refuses to be
 * reused: every client numbers its JSON-RPC requests from 1, so their ids collide), and it goes
 * through web-standard Request/Response objects and streams. Building that server, its tools and
 * transport per request and converting Node's request and response both ways cost more than the
 * cached search an agent asked for. Here each incoming request gets an id of this instance before
 * the server sees it, and its answer gets the client's id back: the server sees one connection with
 * many requests in flight, which is what its protocol layer is made for, and an answer can only be
 * delivered to the HTTP request that asked it.
 *
 * Answered as the SDK's transport answers (same statuses, JSON-RPC error codes and messages) for
 * bad content type, bad JSON-RPC, too large batches, several initialize requests and unsupported
 * `Mcp-Protocol-Version`. What a client sends that is not a request (notifications, answers) is
 * acknowledged with 202 and not passed on: without a session it could only concern a request of
 * this same POST (a cancellation) or nothing at all, and passed on it could name another client's
 * request by its id.
 */
export class StatelessMcpHttpTransport implements Transport {
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];
  onmessage?: Transport['onmessage'];

  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private closed = false;

  async start(): Promise<void> {}

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // A request still in flight gets an answer rather than a connection held open until it times out.
    for (const { clientId, deliver } of this.pending.values()) {
      deliver({ jsonrpc: '2.0', id: clientId, error: { code: ErrorCode.ConnectionClosed, message: 'Connection closed' } });
    }
    this.pending.clear();
    this.onclose?.();
  }

  /** Called by the server with its answers (and notifications, which JSON-response mode has no stream for). */
  async send(message: JSONRPCMessage): Promise<void> {
    if (!isJSONRPCResultResponse(message) && !isJSONRPCErrorResponse(message)) return;
    const id = message.id;
    const pending = typeof id === 'number' ? this.pending.get(id) : undefined;
    if (!pending) return;
    this.pending.delete(id as number);
    pending.deliver({ ...message, id: pending.clientId }, pending.source);
  }

  /**
   * Called by a tool: the result of the request the server knows as `requestId` is `toolResult(data)`,
   * so its JSON text can be made from the answer's own, kept with it (see toolResultJson).
   */
  answeredWith(requestId: RequestId, data: object): void {
    const pending = typeof requestId === 'number' ? this.pending.get(requestId) : undefined;
    if (pending) pending.source = data;
  }

  /**
   * Answers one HTTP POST whose body the caller has already parsed: the JSON-RPC answer of its
   * request (or an array for a batch of several), once the server has answered every request in it.
   */
  async handlePost(body: unknown, headers: McpPostHeaders): Promise<McpHttpAnswer> {
    if (this.closed) return transportError(503, -32000, 'Service Unavailable: the MCP server is shutting down');
    if (!isJsonContentType(headers.contentType)) {
      return transportError(415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    }
    if (Array.isArray(body) && body.length > MAX_BATCH_SIZE) {
      return transportError(400, -32600, `Invalid Request: Batch must not exceed ${MAX_BATCH_SIZE} messages`);
    }
    const messages: JSONRPCMessage[] = [];
    for (const raw of Array.isArray(body) ? body : [body]) {
      const parsed = JSONRPCMessageSchema.safeParse(raw);
      if (!parsed.success) return transportError(400, -32700, 'Parse error: Invalid JSON-RPC message');
      messages.push(parsed.data);
    }
    if (messages.some(isInitializeRequest)) {
      if (messages.length > 1) {
        return transportError(400, -32600, 'Invalid Request: Only one initialization request is allowed');
      }
    } else if (headers.protocolVersion !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(headers.protocolVersion)) {
      return transportError(
        400,
        -32000,
        `Bad Request: Unsupported protocol version: ${headers.protocolVersion} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
      );
    }
    const requests = messages.filter(isJSONRPCRequest);
    if (requests.length === 0) return { status: 202 };
    const replies = await Promise.all(requests.map((request) => this.dispatch(request)));
    const texts = replies.map(({ reply, source }) => replyJson(reply, source));
    return { status: 200, json: texts.length === 1 ? (texts[0] as string) : `[${texts.join(',')}]` };
  }

  /** Hands one request to the server under an id of this instance; resolves with its answer under the client's id. */
  private dispatch(request: JSONRPCRequest): Promise<{ reply: JSONRPCReply; source?: object }> {
    // Ids stay below 2^53 for ~285 years at a million requests a second; never reused while pending.
    const id = ++this.nextId;
    return new Promise((resolve) => {
      this.pending.set(id, { clientId: request.id, deliver: (reply, source) => resolve({ reply, source }) });
      this.onmessage?.({ ...request, id });
    });
  }
}
