/**
 * Sets up fixtures through the real REST API, as a signed-in user would, so browser tests start
 * from known data without clicking through every form.
 */
export class ApiSession {
  private cookie = "";
  constructor(private readonly baseUrl: string) {}

  async login(username: string, password: string): Promise<this> {
    const res = await fetch(`${this.baseUrl}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: this.baseUrl },
      body: JSON.stringify({ username, password }),
    });
    if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
    this.cookie = (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    return this;
  }

  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { "content-type": "application/json", origin: this.baseUrl, cookie: this.cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }
}

/**
 * A manager (through an admin's invite token) and a worker registered as people would, and a
 * project with the worker assigned: the usual start of a browser test about site records.
 */
export async function registerCrew(
  baseUrl: string,
  admin: { username: string; password: string },
  people: {
    password: string;
    manager: { username: string; firstName: string; lastName: string };
    worker: { username: string; firstName: string; lastName: string };
    hardhatNumber: string;
    project: { name: string; location: string };
  },
): Promise<{ workerId: number; projectId: number; workerApi: ApiSession }> {
  const adminApi = await new ApiSession(baseUrl).login(admin.username, admin.password);
  const { token } = await adminApi.call<{ token: string }>("POST", "/api/invite-tokens", { role: "manager" });
  const anonymous = new ApiSession(baseUrl);
  const { manager, worker, password } = people;
  await anonymous.call("POST", "/api/register", {
    ...manager,
    email: `${manager.username}@example.com`,
    password,
    role: "manager",
    inviteToken: token,
  });
  const user = await anonymous.call<{ id: number }>("POST", "/api/register", {
    ...worker,
    email: `${worker.username}@example.com`,
    password,
    role: "worker",
    company: "Acme Steel",
    hardhatNumber: people.hardhatNumber,
  });
  const workerId = (await adminApi.call<{ id: number }>("GET", `/api/workers/byUserId/${user.id}`)).id;
  const projectId = (await adminApi.call<{ id: number }>("POST", "/api/projects", { ...people.project, startDate: "2026-01-05" })).id;
  await adminApi.call("POST", `/api/projects/${projectId}/workers`, { workerId });
  return { workerId, projectId, workerApi: await new ApiSession(baseUrl).login(worker.username, password) };
}
