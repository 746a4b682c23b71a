import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeOpenAiBehaviour =
  | { kind: 'answer'; content: (request: { query: string; candidateIds: number[] }) => string }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'status'; status: number }
  | { kind: 'raw'; body: string };

/**
 * A local HTTP server that speaks the OpenAI chat-completions protocol (`POST /v1/chat/completions`),
 * for testing the optional AI provider without the network. Behaviour can change between requests.
 */
export async function startFakeOpenAi(initial: FakeOpenAiBehaviour): Promise<{
  baseUrl: string;
  requests: { authorization: string | undefined; body: unknown }[];
  set(behaviour: FakeOpenAiBehaviour): void;
  close(): Promise<void>;
}> {
  let behaviour = initial;
  const requests: { authorization: string | undefined; body: unknown }[] = [];
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as { messages: { role: string; content: string }[] };
      requests.push({ authorization: request.headers.authorization, body });
      const user = JSON.parse(body.messages.find((message) => message.role === 'user')?.content ?? '{}') as {
        query: string;
        candidates: { id: number }[];
      };
      const current = behaviour;
      if (current.kind === 'status') {
        response.writeHead(current.status, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
      } else if (current.kind === 'slow') {
        setTimeout(() => response.writeHead(200).end('{}'), current.delayMs).unref();
      } else if (current.kind === 'raw') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(current.body);
      } else {
        const content = current.content({ query: user.query, candidateIds: user.candidates.map((candidate) => candidate.id) });
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-test',
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: 'test-model',
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
          }),
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    set: (next) => {
      behaviour = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
