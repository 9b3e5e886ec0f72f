import { AppError } from "@sitesafe/domain";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorResponse } from "../src/errors.js";

// errors.ts shapes every error body once; these pin what it answers for each kind of failure.

const shout = (message: string) => message.toUpperCase();

describe("errorResponse", () => {
  it("an AppError keeps its status and message; translate applies to the message and every issue", () => {
    const error = new AppError("BAD_REQUEST", "Please select a valid project", [
      { path: "projectId", message: "Please select a valid project" },
    ]);
    expect(errorResponse(error)).toEqual({
      status: 400,
      body: { message: "Please select a valid project", issues: [{ path: "projectId", message: "Please select a valid project" }] },
      unexpected: false,
    });
    expect(errorResponse(error, shout).body).toEqual({
      message: "PLEASE SELECT A VALID PROJECT",
      issues: [{ path: "projectId", message: "PLEASE SELECT A VALID PROJECT" }],
    });
    expect(errorResponse(new AppError("NOT_FOUND", "Worker not found"), shout)).toEqual({
      status: 404,
      body: { message: "WORKER NOT FOUND" },
      unexpected: false,
    });
  });

  it("a Zod failure inside a tRPC error is a 400 whose message is the first issue's", () => {
    const parsed = z.object({ title: z.string().min(1, "Title is required") }).safeParse({ title: "" });
    if (parsed.success) throw new Error("expected a failure");
    const { status, body } = errorResponse(new TRPCError({ code: "BAD_REQUEST", cause: parsed.error }), shout);
    expect(status).toBe(400);
    expect(body).toEqual({ message: "TITLE IS REQUIRED", issues: [{ path: "title", message: "TITLE IS REQUIRED" }] });
  });

  it("classified database errors are 409/400/503, not 500", () => {
    expect(errorResponse(Object.assign(new Error("duplicate key"), { code: "23505" }))).toMatchObject({
      status: 409,
      body: { message: "This record already exists" },
    });
    expect(errorResponse(Object.assign(new Error("fk"), { code: "23503" }))).toMatchObject({
      status: 400,
      body: { message: "A referenced record does not exist" },
    });
    expect(errorResponse(Object.assign(new Error("down"), { code: "ECONNREFUSED" }))).toMatchObject({ status: 503, unexpected: false });
  });

  it("Fastify's own client errors keep their status with a plain message", () => {
    const fastify = (code: string, statusCode: number, message = "raw") => Object.assign(new Error(message), { code, statusCode });
    expect(errorResponse(fastify("FST_ERR_CTP_BODY_TOO_LARGE", 413))).toEqual({
      status: 413,
      body: { message: "Request body is too large" },
      unexpected: false,
    });
    expect(errorResponse(fastify("FST_ERR_CTP_INVALID_MEDIA_TYPE", 415))).toMatchObject({
      status: 415,
      body: { message: "Unsupported content type" },
    });
    expect(errorResponse(fastify("FST_ERR_CTP_EMPTY_JSON_BODY", 400))).toMatchObject({
      status: 400,
      body: { message: "Request body is empty" },
    });
    expect(errorResponse(fastify("FST_ERR_CTP_INVALID_JSON_BODY", 400))).toMatchObject({
      status: 400,
      body: { message: "Invalid request body" },
    });
    const limited = Object.assign(new Error("Too many requests. Please wait 1 minute and try again."), { statusCode: 429 });
    expect(errorResponse(limited, shout)).toEqual({
      status: 429,
      body: { message: "TOO MANY REQUESTS. PLEASE WAIT 1 MINUTE AND TRY AGAIN." },
      unexpected: false,
    });
  });

  it("anything else is an unexpected 500 with a generic message and no internals", () => {
    const { status, body, unexpected } = errorResponse(new Error('relation "secret_table" does not exist'));
    expect({ status, body, unexpected }).toEqual({ status: 500, body: { message: "Internal server error" }, unexpected: true });
    expect(JSON.stringify(body)).not.toContain("secret_table");
  });
});
