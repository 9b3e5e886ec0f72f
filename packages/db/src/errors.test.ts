import { describe, expect, it } from "vitest";
import { retryConcurrentChange } from "./errors.js";

const failure = (code: string) => Object.assign(new Error(`database error ${code}`), { code });

describe("retryConcurrentChange", () => {
  it("runs the transaction again when the database aborted it for a deadlock or a serialization failure", async () => {
    const thrown = [failure("40P01"), failure("40001")];
    let runs = 0;
    const result = await retryConcurrentChange(async () => {
      runs++;
      const next = thrown.shift();
      if (next) throw next;
      return "deleted";
    });
    expect(result).toBe("deleted");
    expect(runs).toBe(3);
  });

  it("gives up after the last attempt with the database's error", async () => {
    let runs = 0;
    await expect(
      retryConcurrentChange(async () => {
        runs++;
        throw failure("40P01");
      }, 2),
    ).rejects.toMatchObject({ code: "40P01" });
    expect(runs).toBe(2);
  });

  it("does not run again for any other failure", async () => {
    let runs = 0;
    await expect(
      retryConcurrentChange(async () => {
        runs++;
        throw failure("23505");
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect(runs).toBe(1);
  });
});
