import { publicCacheControl } from "@eventwerk/contract/constants";
import { matchesEtag, weakEtag } from "@eventwerk/contract/http-cache";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

type CachedAnswer = {
  payload: string | Buffer;
  /** The answer's own headers (type, disposition, caching, validator), replayed as they were. */
  headers: Record<string, string>;
  etag: string;
  expires: number;
};

/**
 * Reads that are the same whoever asks (they read no token) are kept a few seconds by each
 * instance (what a CDN in front does with their Cache-Control) instead of querying the database
 * for every request. A copy only: bounded, dropped oldest first.
 */
function createAnswerCache(seconds: number, maxEntries = 2000) {
  const answers = new Map<string, CachedAnswer>();
  const keyOf = (request: FastifyRequest) => `${request.locale}\n${request.url}`;
  return {
    get(request: FastifyRequest): CachedAnswer | null {
      const key = keyOf(request);
      const answer = answers.get(key);
      if (!answer) return null;
      if (answer.expires > Date.now()) return answer;
      answers.delete(key);
      return null;
    },
    set(request: FastifyRequest, answer: Omit<CachedAnswer, "expires">) {
      const key = keyOf(request);
      if (seconds <= 0) return;
      answers.delete(key);
      answers.set(key, { ...answer, expires: Date.now() + seconds * 1000 });
      if (answers.size > maxEntries) answers.delete(answers.keys().next().value!);
    },
  };
}

const isRead = (request: FastifyRequest) => request.method === "GET" || request.method === "HEAD";

/**
 * Caching of every successful GET of the route plugin that registers this one: public
 * Cache-Control (explicitly, so that shared caches may keep answers to requests with a token
 * too: nothing there is personal), Vary on the language header, a weak ETag answered with 304 on
 * a matching If-None-Match, and the instance's micro-cache of the answers for `seconds`.
 */
export const publicCachePlugin = fp<{ seconds: number }>(
  async (app: FastifyInstance, { seconds }) => {
    const answers = createAnswerCache(seconds);

    app.addHook("onRequest", async (request, reply) => {
      if (!isRead(request)) return;
      const cached = answers.get(request);
      if (!cached) return;
      reply.headers(cached.headers);
      if (matchesEtag(request.headers["if-none-match"], cached.etag)) return reply.code(304).send();
      return reply.send(cached.payload);
    });

    app.addHook("onSend", async (request, reply, payload) => {
      if (!isRead(request) || reply.statusCode !== 200) return payload;
      if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
      // An answer from the cache above already carries its headers.
      if (reply.getHeader("etag")) return payload;
      reply.header("cache-control", publicCacheControl);
      reply.header("vary", "X-localization");
      const etag = weakEtag(payload);
      reply.header("etag", etag);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        // The request id and length belong to this one answer.
        if (value !== undefined && name !== "content-length" && name !== "x-request-id")
          headers[name] = String(value);
      }
      answers.set(request, { payload, headers, etag });
      if (matchesEtag(request.headers["if-none-match"], etag)) {
        reply.code(304);
        reply.removeHeader("content-length");
        return "";
      }
      return payload;
    });
  },
  // Not encapsulated, so the hooks apply to the registering plugin's routes (and only those).
  { name: "public-cache", fastify: "5.x" },
);
