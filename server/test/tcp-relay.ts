import net from 'node:net';

/**
 * A TCP relay on 127.0.0.1 in front of a real server, able to go silent the way a failover, an
 * expired NAT or conntrack entry or a network partition does: the sockets stay open, nothing
 * arrives and nothing is closed. Connections that were silenced stay silent (their bytes are gone);
 * connections made after `resume()` are forwarded again.
 */
export interface TcpRelay {
  port: number;
  /** Stops forwarding on every connection, open or new, without closing any socket. */
  silence(): void;
  /** Silences only the connections open now; new ones are forwarded. */
  silenceExisting(): void;
  /** Forwards new connections again. */
  resume(): void;
  close(): Promise<void>;
}

/** Starts a relay to `target` on an ephemeral port of 127.0.0.1. */
export async function startTcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  let silent = false;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket | null; silent: boolean }>();
  const server = net.createServer((client) => {
    const pair = { client, upstream: null as net.Socket | null, silent };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      pair.upstream?.destroy();
    };
    client.on('error', drop);
    client.on('close', drop);
    if (pair.silent) {
      // Accepted, then never answered: a handshake that hangs.
      client.on('data', () => undefined);
      return;
    }
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('error', drop);
    upstream.on('close', drop);
    client.on('data', (chunk) => {
      if (!pair.silent) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!pair.silent) client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    silence() {
      silent = true;
      for (const pair of pairs) pair.silent = true;
    },
    silenceExisting() {
      for (const pair of pairs) pair.silent = true;
    },
    resume() {
      silent = false;
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
