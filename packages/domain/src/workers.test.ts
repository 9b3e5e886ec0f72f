import { describe, expect, it } from "vitest";
import { digitsOf, isManagerPosition, managerCreateSchema, workerCreateSchema, workerListSchema, workerUpdateSchema } from "./workers.js";

const valid = {
  username: "casey",
  password: "secret1",
  firstName: "Casey",
  lastName: "Jones",
  email: "casey@example.com",
  phone: "(555) 123-4567",
  role: "Electrician",
};
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("workerCreateSchema", () => {
  it("accepts a worker and defaults projectIds to none; blanks become null", () => {
    expect(workerCreateSchema.parse({ ...valid, company: "", hardhatNumber: " " })).toEqual({
      ...valid,
      company: null,
      hardhatNumber: null,
      emergencyContact: null,
      projectIds: [],
    });
  });

  it.each([
    [{ username: undefined }, "Missing credentials"],
    [{ password: undefined }, "Missing credentials"],
    [{ password: "" }, "Missing credentials"],
    [{ username: "ab" }, "Username must be at least 3 characters"],
    [{ password: "12345" }, "Password must be at least 6 characters"],
    [{ email: "casey@" }, "Please enter a valid email address"],
    [{ email: "" }, "Email is required"],
    [{ phone: "555-123-456" }, "Phone number must be at least 10 digits"],
    [{ firstName: "" }, "First name is required"],
    [{ lastName: undefined }, "Last name is required"],
    [{ role: "  " }, "Job role is required"],
    [{ projectIds: [0] }, "Id must be positive"],
  ])("reports the rule's message (%#)", (change, message) => {
    expect(firstMessage(workerCreateSchema.safeParse({ ...valid, ...change }))).toBe(message);
  });

  it("phone is optional, counts digits only, and project ids are de-duplicated", () => {
    expect(workerCreateSchema.parse({ ...valid, phone: "" }).phone).toBeNull();
    expect(workerCreateSchema.parse({ ...valid, phone: "+1 555 123 4567" }).phone).toBe("+1 555 123 4567");
    expect(workerCreateSchema.parse({ ...valid, projectIds: [3, "3", 4] }).projectIds).toEqual([3, 4]);
    expect(digitsOf("(555) 123-4567")).toBe(10);
  });
});

describe("update, manager and list schemas", () => {
  it("update takes any subset and never credentials", () => {
    expect(workerUpdateSchema.parse({ id: "4", firstName: "Kim", username: "x", password: "y" })).toEqual({ id: 4, firstName: "Kim" });
    expect(firstMessage(workerUpdateSchema.safeParse({ id: 4, phone: "123" }))).toBe("Phone number must be at least 10 digits");
  });

  it("the manager form needs no job role", () => {
    const { role: _r, ...noRole } = valid;
    expect(managerCreateSchema.safeParse(noRole).success).toBe(true);
  });

  it("list: managersOnly from a query string; positions as one or many", () => {
    expect(workerListSchema.parse({ managersOnly: "true" }).managersOnly).toBe(true);
    expect(workerListSchema.parse({}).managersOnly).toBe(false);
    expect(workerListSchema.parse({ positions: "Foreman" }).positions).toEqual(["Foreman"]);
    expect(workerListSchema.parse({ positions: ["A", "B"] }).positions).toEqual(["A", "B"]);
  });

  it("manager positions", () => {
    expect(isManagerPosition("Safety Manager")).toBe(true);
    expect(isManagerPosition("Safety Administrator")).toBe(true);
    expect(isManagerPosition("manager")).toBe(true);
    expect(isManagerPosition("Electrician")).toBe(false);
    expect(isManagerPosition(null)).toBe(false);
  });
});
