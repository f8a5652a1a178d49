import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { isIPv4, isIPv6 } from "node:net";
import proxyAddr from "@fastify/proxy-addr";
import type { Config } from "../config.ts";

/**
 * What the per-IP limits count a visitor by: an IPv4 address as it is, an IPv6 address by its
 * /64 network. One IPv6 subscriber or server gets a whole /64 and can send from any of its 2^64
 * addresses, so counting single addresses would give them a fresh budget per request.
 */
export function addressKey(ip: string): string {
  const address = ip.split("%")[0] ?? ip;
  if (isIPv4(address) || !isIPv6(address)) return address;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  const [head = "", tail] = address.split("::");
  const groups = (part: string) =>
    part ? part.split(":").flatMap((group) => (group.includes(".") ? ["0", "0"] : [group])) : [];
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all = [...front, ...Array(8 - front.length - back.length).fill("0"), ...back];
  return `${all
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}

/** Whether a connection's peer is one of the proxies TRUST_PROXY names. */
export function proxyTrust(setting: Config["TRUST_PROXY"]): (address: string) => boolean {
  if (typeof setting === "boolean") return () => setting;
  const trusts = proxyAddr.compile(setting);
  return (address) => trusts(address, 0);
}

const requestIdPattern = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The id of a request in the logs: a trusted proxy's `X-Request-Id` when it is a short token
 * (so that its logs and ours line up), else a new one. Anyone else could otherwise write what
 * they like into the logs, or make many requests share one id.
 */
export function requestIdFor(
  request: IncomingMessage,
  trusted: (address: string) => boolean,
): string {
  const given = request.headers["x-request-id"];
  if (
    typeof given === "string" &&
    requestIdPattern.test(given) &&
    trusted(request.socket?.remoteAddress ?? "")
  ) {
    return given;
  }
  return randomUUID();
}

/**
 * A URL as the logs may keep it: the values of query parameters that carry secrets (the reset
 * link's `token`, and the like) replaced, on every path.
 */
export function redactUrl(url: string): string {
  return url.replace(
    /([?&](?:token|access_token|refresh_token|code|client_secret|password)=)[^&#]*/gi,
    "$1[redacted]",
  );
}
