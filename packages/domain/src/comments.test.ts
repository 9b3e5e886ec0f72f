import { describe, expect, it } from "vitest";
import {
  commentFormSchema,
  commentUpdateKind,
  createCommentSchema,
  editCommentSchema,
  GENERAL_PROJECT_VALUE,
  listCommentsSchema,
  projectIdFromForm,
  projectIdToForm,
  projectOptionLabel,
  resolveCommentSchema,
} from "./comments.js";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

const valid = { title: "Loose scaffold", content: "The scaffold on level 3 wobbles.", projectId: 4 };

describe("createCommentSchema", () => {
  it("accepts a valid message and strips what the server decides (author, status)", () => {
    const parsed = createCommentSchema.parse({ ...valid, userId: 99, status: "resolved" });
    expect(parsed).toEqual(valid);
  });

  it.each([
    [{ ...valid, title: "Hey" }, "Title must be at least 5 characters"],
    [{ ...valid, title: "    abc    " }, "Title must be at least 5 characters"],
    [{ ...valid, title: undefined }, "Title must be at least 5 characters"],
    [{ ...valid, title: "x".repeat(101) }, "Title is too long"],
    [{ ...valid, content: "too short" }, "Comment must be at least 10 characters"],
    [{ ...valid, content: undefined }, "Comment must be at least 10 characters"],
    [{ ...valid, content: "x".repeat(1001) }, "Comment too long, maximum 1000 characters"],
    [{ ...valid, projectId: "abc" }, "Please select a valid project"],
    [{ ...valid, projectId: 0 }, "Please select a valid project"],
    [{ ...valid, projectId: 1.5 }, "Please select a valid project"],
    [{ ...valid, projectId: { id: 1 } }, "Please select a valid project"],
  ])("refuses %j with the product's message", (input, message) => {
    expect(firstMessage(createCommentSchema.safeParse(input))).toBe(message);
  });

  it("accepts the limits exactly", () => {
    expect(createCommentSchema.safeParse({ ...valid, title: "x".repeat(5), content: "y".repeat(10) }).success).toBe(true);
    expect(createCommentSchema.safeParse({ ...valid, title: "x".repeat(100), content: "y".repeat(1000) }).success).toBe(true);
  });

  it("takes a null, missing or numeric-string project", () => {
    expect(createCommentSchema.parse({ ...valid, projectId: null }).projectId).toBeNull();
    expect(createCommentSchema.parse({ title: valid.title, content: valid.content }).projectId).toBeNull();
    expect(createCommentSchema.parse({ ...valid, projectId: "12" }).projectId).toBe(12);
  });

  it("trims title and content", () => {
    expect(createCommentSchema.parse({ ...valid, title: "  Loose scaffold  " }).title).toBe("Loose scaffold");
  });
});

describe("edit, resolve and list inputs", () => {
  it("edits need an id and the same rules", () => {
    expect(editCommentSchema.safeParse({ ...valid, id: "3" }).success).toBe(true);
    expect(firstMessage(editCommentSchema.safeParse({ ...valid, id: 3, title: "abc" }))).toBe("Title must be at least 5 characters");
  });

  it("resolve takes an optional response; blank becomes null", () => {
    expect(resolveCommentSchema.parse({ id: 1 })).toEqual({ id: 1, managerResponse: null });
    expect(resolveCommentSchema.parse({ id: 1, managerResponse: "   " })).toEqual({ id: 1, managerResponse: null });
    expect(resolveCommentSchema.parse({ id: 1, managerResponse: " Fixed it " })).toEqual({ id: 1, managerResponse: "Fixed it" });
    expect(resolveCommentSchema.safeParse({ id: 1, managerResponse: "x".repeat(2001) }).success).toBe(false);
  });

  it("lists filter by tab, project and page", () => {
    expect(listCommentsSchema.parse({ status: "open", projectId: "2", limit: "3", offset: "0" })).toEqual({
      status: "open",
      projectId: 2,
      limit: 3,
      offset: 0,
    });
    expect(listCommentsSchema.safeParse({ status: "pending" }).success).toBe(false);
  });

  it("maps the PUT payload onto its procedure by who sends it and what it changes", () => {
    const worker = { role: "worker" } as const;
    const manager = { role: "manager" } as const;
    const admin = { role: "admin" } as const;
    const edit = { title: "Loose plank", content: "A plank on level 3 moves", projectId: 1 };
    for (const sender of [worker, manager, admin, null]) {
      expect(commentUpdateKind({ status: "resolved" }, sender)).toBe("resolve");
      expect(commentUpdateKind({ status: "in_progress" }, sender)).toBe("markInProgress");
      expect(commentUpdateKind({ ...edit, status: "open" }, sender)).toBe("edit");
      expect(commentUpdateKind({}, sender)).toBe("edit");
    }
    // The author's edit of an in-progress message carries its status along: still an edit.
    expect(commentUpdateKind({ ...edit, status: "in_progress" }, worker)).toBe("edit");
    expect(commentUpdateKind({ content: edit.content, status: "in_progress" }, worker)).toBe("edit");
    // Staff never edit a worker's words: from them, "in_progress" is the status action.
    expect(commentUpdateKind({ ...edit, status: "in_progress" }, manager)).toBe("markInProgress");
    expect(commentUpdateKind({ ...edit, status: "in_progress" }, admin)).toBe("markInProgress");
  });
});

describe("the message form", () => {
  it("requires a project selection", () => {
    expect(firstMessage(commentFormSchema.safeParse({ ...valid, projectId: "" }))).toBe("Project selection is required");
    expect(firstMessage(commentFormSchema.safeParse({ ...valid, projectId: null }))).toBe("Project selection is required");
  });

  it("maps the select's value to a project id or null", () => {
    expect(projectIdFromForm("7")).toBe(7);
    expect(projectIdFromForm(GENERAL_PROJECT_VALUE)).toBeNull();
    expect(projectIdToForm(null)).toBe(GENERAL_PROJECT_VALUE);
    expect(projectIdToForm(7)).toBe("7");
  });

  it("labels projects 'name (location)'", () => {
    expect(projectOptionLabel({ name: "Tower A", location: "Denver" })).toBe("Tower A (Denver)");
  });
});
