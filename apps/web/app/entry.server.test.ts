import { UNSAFE_ErrorResponseImpl as ErrorResponse, RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server";

const args = (request = new Request("http://localhost/unsere-dienste", { method: "POST" })) => ({
  request,
  params: {},
  context: new RouterContextProvider(),
});

describe("handleError: what React Router logs", () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  afterEach(() => logged.mockClear());

  it("keeps quiet about React Router's own answers to a client's mistake (405 for a post to a page without a form)", () => {
    const noAction = new Error(
      'You made a POST request to "/unsere-dienste" but did not provide an `action`',
    );
    handleError(new ErrorResponse(405, "Method Not Allowed", noAction, true), args());
    handleError(new ErrorResponse(404, "Not Found", null), args());
    expect(logged).not.toHaveBeenCalled();
  });

  it("logs the server's errors, a route error response's own error in place of the response", () => {
    const failure = new Error("the API answered 502");
    handleError(failure, args());
    const wrapped = new Error("a loader failed");
    handleError(new ErrorResponse(500, "Internal Server Error", wrapped, true), args());
    const unavailable = new ErrorResponse(503, "Service Unavailable", "maintenance");
    handleError(unavailable, args());
    expect(logged.mock.calls).toEqual([[failure], [wrapped], [unavailable]]);
  });

  it("keeps quiet about requests the client has given up", () => {
    const controller = new AbortController();
    controller.abort();
    const request = new Request("http://localhost/search", { signal: controller.signal });
    handleError(new Error("render aborted"), args(request));
    expect(logged).not.toHaveBeenCalled();
  });
});
