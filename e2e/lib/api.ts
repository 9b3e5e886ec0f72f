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
