import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../src/server.js";
import { createTestApp, type TestApp, testConfig } from "./helpers.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const worker = {
  username: "jdoe",
  email: "jdoe@example.com",
  firstName: "Jane",
  lastName: "Doe",
  password: "secret1",
  role: "worker",
  company: "Acme",
  hardhatNumber: "HH-1",
};

describe("session and account", () => {
  it("GET /api/user is 401 when signed out", async () => {
    const res = await t.request({ method: "GET", url: "/api/user" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Not signed in" });
  });

  it("registers a worker with a profile, signs them in, and returns the user without secrets", async () => {
    const res = await t.request({ method: "POST", url: "/api/register", payload: worker });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ username: "jdoe", email: "jdoe@example.com", role: "worker", firstName: "Jane" });
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    const cookie = res.cookies.find((c) => c.name === "session");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    const me = await t.request({ method: "GET", url: "/api/user", headers: { cookie: `session=${cookie?.value}` } });
    expect(me.json().username).toBe("jdoe");
    const profile = await t.request({ method: "GET", url: "/api/worker-profile", headers: { cookie: `session=${cookie?.value}` } });
    expect(profile.json()).toMatchObject({ company: "Acme", hardhatNumber: "HH-1", email: "jdoe@example.com" });
  });

  it("refuses a duplicate username with 409 and creates nothing", async () => {
    const res = await t.request({ method: "POST", url: "/api/register", payload: { ...worker, email: "other@example.com" } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Username already exists");
    const count = await t.db
      .selectFrom("users")
      .select(t.db.fn.countAll<number>().as("n"))
      .where("email", "=", "other@example.com")
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it.each([
    [{ ...worker, username: "ab" }, "Username must be at least 3 characters"],
    [{ ...worker, username: "new1", email: "nope" }, "Email is invalid"],
    [{ ...worker, username: "new1", email: "" }, "Email is required"],
    [{ ...worker, username: "new1", password: "12345" }, "Password must be at least 6 characters"],
    [{ ...worker, username: "new1", company: "" }, "Company name is required"],
    [{ ...worker, username: "new1", hardhatNumber: "" }, "Hard hat number is required"],
    [{ ...worker, username: "new1", role: "manager" }, "Invite token is required for admin and manager roles"],
  ])("registration answers 400 with the product's message (%#)", async (payload, message) => {
    const res = await t.request({ method: "POST", url: "/api/register", payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("logs in with the right password and refuses a wrong one with the same message as an unknown user", async () => {
    const ok = await t.request({ method: "POST", url: "/api/login", payload: { username: "JDOE", password: "secret1" } });
    expect(ok.statusCode).toBe(200);
    const wrong = await t.request({ method: "POST", url: "/api/login", payload: { username: "jdoe", password: "wrong-password" } });
    const unknown = await t.request({ method: "POST", url: "/api/login", payload: { username: "nobody", password: "wrong-password" } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: "Invalid username or password" });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it("refuses state-changing requests from another origin", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/login",
      payload: { username: "jdoe", password: "secret1" },
      headers: { origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(403);
  });

  it("logout ends the session on the server", async () => {
    const login = await t.request({ method: "POST", url: "/api/login", payload: { username: "jdoe", password: "secret1" } });
    const cookie = `session=${login.cookies.find((c) => c.name === "session")?.value}`;
    const out = await t.request({ method: "POST", url: "/api/logout", headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const me = await t.request({ method: "GET", url: "/api/user", headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });
});

const sessionCookie = (res: { cookies: { name: string; value: string }[] }) => {
  const value = res.cookies.find((c) => c.name === "session")?.value;
  if (!value) throw new Error("no session cookie");
  return `session=${value}`;
};

describe("GET /api/user", () => {
  it("answers the signed-in user without secrets", async () => {
    const manager = await t.createUser({ role: "manager", firstName: "Maya", lastName: "Stone" });
    const res = await t.request({ method: "GET", url: "/api/user", as: manager });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: manager.id,
      username: manager.username,
      email: manager.email,
      role: "manager",
      firstName: "Maya",
      lastName: "Stone",
    });
    expect(JSON.stringify(res.json())).not.toMatch(/password|hash/i);
  });

  it("answers 401 for a forged or malformed cookie", async () => {
    for (const cookie of ["session=abc.def", "session=garbage", "session=a.b.c"]) {
      const res = await t.request({ method: "GET", url: "/api/user", headers: { cookie } });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe("POST /api/login validation", () => {
  it.each([
    [{ username: "", password: "secret1" }, "Username is required"],
    [{ username: "ab", password: "secret1" }, "Username must be at least 3 characters"],
    [{ username: "jdoe", password: "" }, "Password is required"],
    [{ username: "jdoe", password: "12345" }, "Password must be at least 6 characters"],
    [{ password: "secret1" }, "Username is required"],
    [{ username: "jdoe" }, "Password is required"],
  ])("answers 400 with the product's message (%#)", async (payload, message) => {
    const res = await t.request({ method: "POST", url: "/api/login", payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("answers the user and sets an HttpOnly SameSite=Lax session cookie on path /", async () => {
    const user = await t.createUser({ role: "worker", password: "Correct1!" });
    const res = await t.request({ method: "POST", url: "/api/login", payload: { username: user.username, password: "Correct1!" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, username: user.username, role: "worker" });
    expect(JSON.stringify(res.json())).not.toMatch(/password|hash/i);
    const cookie = res.cookies.find((c) => c.name === "session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.expires?.getTime()).toBeGreaterThan(Date.now() + 24 * 3600 * 1000);
  });
});

describe("POST /api/register validation", () => {
  const base = {
    username: "valid_user",
    email: "valid@example.com",
    firstName: "Val",
    lastName: "Id",
    password: "secret1",
    role: "worker",
    company: "Acme",
    hardhatNumber: "HH-9",
  };
  it.each([
    [{ ...base, username: "" }, "Username is required"],
    [{ ...base, firstName: "" }, "First name is required"],
    [{ ...base, lastName: "" }, "Last name is required"],
    [{ ...base, password: "" }, "Password is required"],
    [{ ...base, role: undefined }, "Role is required"],
    [{ ...base, role: "admin" }, "Invite token is required for admin and manager roles"],
    [{ ...base, role: "manager", inviteToken: "" }, "Invite token is required for admin and manager roles"],
  ])("answers 400 with the product's message (%#)", async (payload, message) => {
    const res = await t.request({ method: "POST", url: "/api/register", payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("refuses a taken e-mail (any case) with 409", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/register",
      payload: { ...base, username: "fresh_name", email: "JDOE@example.com" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Email already exists");
  });

  it("refuses a taken username in another case with 409", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/register",
      payload: { ...base, username: "JDoe", email: "fresh@example.com" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Username already exists");
  });

  it("checks the invite token before saying anything about taken usernames or e-mails", async () => {
    await t.createUser({ username: "taken_name", email: "taken@example.com" });
    // Without a valid token, a taken username or e-mail gets the same answer as free ones.
    for (const identity of [
      { username: "taken_name" },
      { email: "taken@example.com" },
      { username: "TAKEN_NAME", email: "TAKEN@example.com" },
      {},
    ]) {
      const res = await t.request({
        method: "POST",
        url: "/api/register",
        payload: { ...base, ...identity, role: "admin", inviteToken: "guessed-token" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: "Invalid invite token" });
    }
  });

  it("never stores a confirmPassword or an unknown field, and refuses an unknown invite token with 400", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/register",
      payload: { ...base, role: "manager", inviteToken: "not-a-real-token" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Invalid invite token");
    const created = await t.db.selectFrom("users").select("id").where("username", "=", "valid_user").execute();
    expect(created).toHaveLength(0);
  });
});

describe("the failed-login limit", () => {
  it("after 10 failures for a username answers 429 even with the right password", async () => {
    const user = await t.createUser({ role: "worker", password: "Right1pass" });
    for (let i = 0; i < 10; i++) {
      const res = await t.request({
        method: "POST",
        url: "/api/login",
        payload: { username: user.username, password: `wrong-${i}-pw` },
        remoteAddress: `10.1.0.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const right = await t.request({
      method: "POST",
      url: "/api/login",
      payload: { username: user.username, password: "Right1pass" },
      remoteAddress: "10.1.1.1",
    });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ message: "Too many failed login attempts. Try again later." });
    // Another user is not affected.
    const other = await t.createUser({ role: "worker", password: "Right1pass" });
    const ok = await t.request({
      method: "POST",
      url: "/api/login",
      payload: { username: other.username, password: "Right1pass" },
      remoteAddress: "10.1.1.2",
    });
    expect(ok.statusCode).toBe(200);
  });

  /** Sends `count` wrong logins at once; answers how many got each status. */
  async function parallelGuesses(
    count: number,
    guess: (i: number) => { username: string; remoteAddress: string },
  ): Promise<Record<number, number>> {
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) => {
        const { username, remoteAddress } = guess(i);
        return t.request({ method: "POST", url: "/api/login", payload: { username, password: `wrong-${i}-pw` }, remoteAddress });
      }),
    );
    const tally: Record<number, number> = {};
    for (const r of answers) tally[r.statusCode] = (tally[r.statusCode] ?? 0) + 1;
    return tally;
  }

  it("100 parallel wrong guesses at one account: exactly 10 passwords are checked, the other 90 answer 429", async () => {
    const user = await t.createUser({ role: "worker", password: "Right1pass" });
    const tally = await parallelGuesses(100, (i) => ({
      username: user.username,
      remoteAddress: `10.5.${Math.floor(i / 50)}.${(i % 50) + 1}`,
    }));
    expect(tally).toEqual({ 401: 10, 429: 90 });
    const right = await t.request({
      method: "POST",
      url: "/api/login",
      payload: { username: user.username, password: "Right1pass" },
      remoteAddress: "10.5.9.9",
    });
    expect(right.statusCode).toBe(429);
  });

  it("a locked account does not lock its address: a crew-mate signs in from it, and only 100 failures close the address", async () => {
    const typist = await t.createUser({ role: "worker", password: "Right1pass" });
    const crewMate = await t.createUser({ role: "worker", password: "Right1pass" });
    const site = "10.2.0.1";
    for (let i = 0; i < 10; i++) {
      const res = await t.request({
        method: "POST",
        url: "/api/login",
        payload: { username: typist.username, password: `wrong-${i}-pw` },
        remoteAddress: site,
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.request({
      method: "POST",
      url: "/api/login",
      payload: { username: typist.username, password: "Right1pass" },
      remoteAddress: site,
    });
    expect(locked.statusCode).toBe(429);
    const ok = await t.request({
      method: "POST",
      url: "/api/login",
      payload: { username: crewMate.username, password: "Right1pass" },
      remoteAddress: site,
    });
    expect(ok.statusCode).toBe(200);
    // The address holds 10 failures (the refused attempt and the correct login are not failures):
    // of 95 parallel guesses at 95 names, 90 are checked and 5 refused.
    expect(await parallelGuesses(95, (i) => ({ username: `nobody_${i}`, remoteAddress: site }))).toEqual({ 401: 90, 429: 5 });
    const closed = await t.request({
      method: "POST",
      url: "/api/login",
      payload: { username: crewMate.username, password: "Right1pass" },
      remoteAddress: site,
    });
    expect(closed.statusCode).toBe(429);
    expect(closed.json()).toEqual({ message: "Too many failed login attempts. Try again later." });
    const elsewhere = await t.request({
      method: "POST",
      url: "/api/login",
      payload: { username: crewMate.username, password: "Right1pass" },
      remoteAddress: "10.2.0.2",
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it("a successful login clears only its own account's failures", async () => {
    const signsIn = await t.createUser({ role: "worker", password: "Right1pass" });
    const guessedAt = await t.createUser({ role: "worker", password: "Right1pass" });
    const address = "10.6.0.1";
    const fail = (username: string) =>
      t.request({ method: "POST", url: "/api/login", payload: { username, password: "wrong-password" }, remoteAddress: address });
    for (let i = 0; i < 9; i++) {
      expect((await fail(signsIn.username)).statusCode).toBe(401);
      expect((await fail(guessedAt.username)).statusCode).toBe(401);
    }
    const ok = await t.request({
      method: "POST",
      url: "/api/login",
      payload: { username: signsIn.username, password: "Right1pass" },
      remoteAddress: address,
    });
    expect(ok.statusCode).toBe(200);
    // The other account still holds its 9 failures: one more, and it is locked.
    expect((await fail(guessedAt.username)).statusCode).toBe(401);
    expect((await fail(guessedAt.username)).statusCode).toBe(429);
    // The account that signed in starts over: 10 more failures are checked before it locks.
    for (let i = 0; i < 10; i++) expect((await fail(signsIn.username)).statusCode).toBe(401);
    expect((await fail(signsIn.username)).statusCode).toBe(429);
  });

  it("a successful login clears the username's earlier failures", async () => {
    const user = await t.createUser({ role: "worker", password: "Right1pass" });
    for (let i = 0; i < 9; i++) {
      await t.request({
        method: "POST",
        url: "/api/login",
        payload: { username: user.username, password: "wrong-password" },
        remoteAddress: "10.3.0.1",
      });
    }
    expect(
      (
        await t.request({
          method: "POST",
          url: "/api/login",
          payload: { username: user.username, password: "Right1pass" },
          remoteAddress: "10.3.0.2",
        })
      ).statusCode,
    ).toBe(200);
    for (let i = 0; i < 5; i++) {
      await t.request({
        method: "POST",
        url: "/api/login",
        payload: { username: user.username, password: "wrong-password" },
        remoteAddress: "10.3.0.3",
      });
    }
    expect(
      (
        await t.request({
          method: "POST",
          url: "/api/login",
          payload: { username: user.username, password: "Right1pass" },
          remoteAddress: "10.3.0.4",
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe("POST /api/logout", () => {
  it("clears the cookie and answers 200 even when signed out", async () => {
    const res = await t.request({ method: "POST", url: "/api/logout" });
    expect(res.statusCode).toBe(200);
    const user = await t.createUser();
    const out = await t.request({ method: "POST", url: "/api/logout", as: user });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === "session");
    expect(cleared?.value).toBe("");
    expect((await t.request({ method: "GET", url: "/api/user", as: user })).statusCode).toBe(401);
  });
});

describe("POST /api/change-password", () => {
  it("answers 401 when signed out", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/change-password",
      payload: { currentPassword: "x", newPassword: "longenough" },
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ currentPassword: "", newPassword: "longenough" }, "Current password is required"],
    [{ newPassword: "longenough" }, "Current password is required"],
    [{ currentPassword: "Passw0rd!", newPassword: "short" }, "New password must be at least 8 characters"],
    [{ currentPassword: "Passw0rd!" }, "New password must be at least 8 characters"],
  ])("answers 400 with the product's message (%#)", async (payload, message) => {
    const user = await t.createUser();
    const res = await t.request({ method: "POST", url: "/api/change-password", payload, as: user });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("refuses a wrong current password with a message and keeps the old one", async () => {
    const user = await t.createUser({ password: "Passw0rd!" });
    const res = await t.request({
      method: "POST",
      url: "/api/change-password",
      payload: { currentPassword: "not-it-at-all", newPassword: "alllowercase" },
      as: user,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Current password is incorrect");
    const login = await t.request({
      method: "POST",
      url: "/api/login",
      payload: { username: user.username, password: "Passw0rd!" },
      remoteAddress: "10.4.0.1",
    });
    expect(login.statusCode).toBe(200);
  });

  it("changes the password (no case or digit rule), ends every other session and keeps the current one", async () => {
    const user = await t.createUser({ password: "Passw0rd!" });
    const other = await t.request({
      method: "POST",
      url: "/api/login",
      payload: { username: user.username, password: "Passw0rd!" },
      remoteAddress: "10.4.0.2",
    });
    const otherCookie = sessionCookie(other);
    expect((await t.request({ method: "GET", url: "/api/user", headers: { cookie: otherCookie } })).statusCode).toBe(200);

    const res = await t.request({
      method: "POST",
      url: "/api/change-password",
      payload: { currentPassword: "Passw0rd!", newPassword: "alllowercase" },
      as: user,
    });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/api/user", headers: { cookie: otherCookie } })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/api/user", as: user })).statusCode).toBe(200);

    const oldPw = await t.request({
      method: "POST",
      url: "/api/login",
      payload: { username: user.username, password: "Passw0rd!" },
      remoteAddress: "10.4.0.3",
    });
    expect(oldPw.statusCode).toBe(401);
    const newPw = await t.request({
      method: "POST",
      url: "/api/login",
      payload: { username: user.username, password: "alllowercase" },
      remoteAddress: "10.4.0.3",
    });
    expect(newPw.statusCode).toBe(200);
    const events = await t.db
      .selectFrom("auditEvents")
      .select(["action", "actorUserId"])
      .where("entity", "=", "user")
      .where("entityId", "=", user.id)
      .execute();
    expect(events).toContainEqual({ action: "password_changed", actorUserId: user.id });
  });
});

describe("session cookie behind an HTTPS proxy", () => {
  it("is __Host-session, Secure, HttpOnly, SameSite=Lax on path / and is read back under that name", async () => {
    const app = await buildServer({ config: { ...testConfig, trustProxy: 1 }, dbHandle: t.dbHandle, logger: false });
    try {
      const user = await t.createUser({ password: "Passw0rd!" });
      const headers = { host: "safety.example.com", origin: "https://safety.example.com", "x-forwarded-proto": "https" };
      const res = await app.inject({
        method: "POST",
        url: "/api/login",
        payload: { username: user.username, password: "Passw0rd!" },
        headers,
      });
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === "__Host-session");
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
      expect(cookie).not.toHaveProperty("domain");
      expect(res.cookies.find((c) => c.name === "session")).toBeUndefined();
      const me = await app.inject({ method: "GET", url: "/api/user", headers: { ...headers, cookie: `__Host-session=${cookie?.value}` } });
      expect(me.statusCode).toBe(200);
      expect(me.json().username).toBe(user.username);
      // The plain name is not accepted over HTTPS.
      const plain = await app.inject({ method: "GET", url: "/api/user", headers: { ...headers, cookie: `session=${cookie?.value}` } });
      expect(plain.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});

describe("health", () => {
  it("answers ok with the database", async () => {
    const res = await t.request({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", db: "ok" });
  });

  it("answers JSON 404 for unknown API paths", async () => {
    const res = await t.request({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Not found" });
  });
});
