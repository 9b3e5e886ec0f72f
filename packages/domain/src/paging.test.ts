import { describe, expect, it } from "vitest";
import { jhaListQuerySchema } from "./jha.js";
import { PAGE_LIMIT_MAX, pageCount, pageOffset } from "./pages.js";
import { pageQuerySchema } from "./paging.js";

describe("pages of a list", () => {
  const jhaPage = pageQuerySchema(jhaListQuerySchema);

  it("keeps the list's filters and requires a limit", () => {
    expect(jhaPage.parse({ projectId: "7", search: "crane", limit: "24", offset: "48" })).toEqual({
      projectId: 7,
      search: "crane",
      limit: 24,
      offset: 48,
    });
    expect(jhaPage.safeParse({ search: "crane" }).success).toBe(false);
  });

  it("starts at the first row when no offset is given", () => {
    expect(jhaPage.parse({ limit: 10 }).offset).toBe(0);
  });

  it("refuses pages larger than a screen needs, and negative offsets", () => {
    expect(jhaPage.safeParse({ limit: PAGE_LIMIT_MAX }).success).toBe(true);
    expect(jhaPage.safeParse({ limit: PAGE_LIMIT_MAX + 1 }).success).toBe(false);
    expect(jhaPage.safeParse({ limit: 0 }).success).toBe(false);
    expect(jhaPage.safeParse({ limit: 10, offset: -1 }).success).toBe(false);
  });

  it("turns page numbers into offsets and totals into page counts", () => {
    expect(pageOffset(1, 24)).toBe(0);
    expect(pageOffset(3, 24)).toBe(48);
    expect(pageOffset(0, 24)).toBe(0);
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(25, 24)).toBe(2);
    expect(pageCount(20_000, 24)).toBe(834);
  });
});
