import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { answer, refusal } from "./answer.js";
import type { FakeProvider, FakeProviderOptions, FakeRequest } from "./provider.js";
import { ProviderFakeError } from "./provider-fake-error.js";
import { readBody } from "./read-body.js";
import type { FakeTurn } from "./script.js";
import { checkOptions } from "./validate-options.js";
import { validateTurn } from "./validate-script.js";
import { isObject, type WireProtocol } from "./wire-protocol.js";

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Starts a fake speaking `protocol` on loopback; see `FakeProvider` for the handle. */
export async function startFake(
  protocol: WireProtocol,
  options: FakeProviderOptions = {},
): Promise<FakeProvider> {
  const settings = checkOptions(options);
  const turns: FakeTurn[] = [];
  const requests: FakeRequest[] = [];
  const waiters = new Map<number, { resolve(r: FakeRequest): void; reject(e: Error): void }[]>();
  let nextTurn = 0;
  let closed = false;

  const enqueue = (...more: readonly FakeTurn[]) => {
    for (const [i, turn] of more.entries()) validateTurn(turn, `turns[${turns.length + i}]`);
    turns.push(...more);
  };
  enqueue(...(options.turns ?? []));

  const record = (request: FakeRequest) => {
    requests.push(request);
    for (const waiter of waiters.get(request.index) ?? []) waiter.resolve(request);
    waiters.delete(request.index);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const { text, tooLarge } = await readBody(req, settings.maxRequestBytes);
    const path = req.url ?? "/";
    const body = parseJson(text);
    const index = requests.length;
    const problem = refusal(protocol, req, path, body, tooLarge, settings);
    const scripted = problem === undefined && nextTurn < turns.length;
    const turn = scripted ? nextTurn++ : undefined;
    record({
      index,
      method: req.method ?? "",
      path,
      headers: req.headers,
      rawBody: text,
      body,
      turn,
    });
    if (problem !== undefined) return answer.refuse(protocol, res, index, problem);
    const scriptedTurn = turn === undefined ? undefined : turns[turn];
    if (scriptedTurn === undefined || !isObject(body)) {
      const message = `provider-fakes: request #${index} has no scripted turn (the script has ${turns.length})`;
      return answer.refuse(protocol, res, index, { status: 400, message });
    }
    await answer.turn(protocol, req, res, scriptedTurn, {
      requestIndex: index,
      body,
      chunks: settings.chunks,
      fragments: settings.fragments,
    });
  };

  const server = createServer({ noDelay: true }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A bug in the fake must not pass for a provider failure: say so, and never invite a retry.
      if (res.headersSent) return res.destroy();
      res.writeHead(500, { "content-type": "text/plain", "x-should-retry": "false" });
      res.end(`provider-fakes internal error: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(settings.port, settings.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = settings.host.includes(":") ? `[${settings.host}]` : settings.host;
  const url = `http://${host}:${port}`;

  return {
    api: protocol.api,
    url,
    baseUrl: url + protocol.basePath,
    requests,
    get remainingTurns() {
      return turns.length - nextTurn;
    },
    enqueue,
    waitForRequest(index) {
      if (!Number.isInteger(index) || index < 0) {
        throw new ProviderFakeError("invalid_option", "index", "an integer of at least 0", index);
      }
      const arrived = requests[index];
      if (arrived !== undefined) return Promise.resolve(arrived);
      if (closed) return Promise.reject(new Error(`the fake closed before request #${index}`));
      return new Promise((resolve, reject) => {
        waiters.set(index, [...(waiters.get(index) ?? []), { resolve, reject }]);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const [index, list] of waiters) {
        for (const w of list) w.reject(new Error(`the fake closed before request #${index}`));
      }
      waiters.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
